import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { env } from './env';
import { mailboxAddress } from './mail-headers';
import {
  composeMail,
  MailError,
  MailNotCommitted,
  type MailTransport,
  type OutgoingMail,
  type SendOptions,
} from './mail-message';

// The SMTP transport (./mail.ts): the commit step and the closing "." are explained there.

// ---------------------------------------------------------------------------------------------------
// SMTP: a few long-lived connections (nodemailer's SMTPConnection), one message at a time on each.
// ---------------------------------------------------------------------------------------------------

type SmtpSettings = { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };

export function parseSmtpUrl(url: string): SmtpSettings {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${parsed.protocol})`);
  }
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
  };
}

type SmtpError = Error & { responseCode?: number; code?: string };

function toMailError(error: unknown): MailError {
  if (error instanceof MailError) return error;
  const e = error as SmtpError;
  const code = typeof e?.responseCode === 'number' ? e.responseCode : undefined;
  return new MailError(e?.message ?? String(error), code !== undefined && code >= 500, code);
}

/** The message body, handed to the connection once the server said 354; its end (the ".") is held back. */
class HeldMessage extends Readable {
  private pushed = false;
  readonly started: Promise<void>;
  private markStarted!: () => void;

  constructor(private readonly raw: Buffer) {
    super();
    this.started = new Promise((resolve) => (this.markStarted = resolve));
  }

  override _read(): void {
    if (this.pushed) return;
    this.pushed = true;
    this.push(this.raw);
    this.markStarted();
  }

  /** Writes the end of the message: the connection follows it with "\r\n.\r\n". */
  finish(): void {
    this.push(null);
  }
}

class SmtpChannel {
  private connection: SMTPConnection | null = null;

  constructor(private readonly settings: SmtpSettings) {}

  private async open(): Promise<SMTPConnection> {
    if (this.connection) return this.connection;
    const connection = new SMTPConnection({
      host: this.settings.host,
      port: this.settings.port,
      secure: this.settings.secure,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
    connection.on('error', () => this.drop(connection));
    connection.on('end', () => this.drop(connection));
    await new Promise<void>((resolve, reject) =>
      connection.connect((error) => (error ? reject(error) : resolve())),
    );
    // The closing "." is written apart from the body (see above); with Nagle's algorithm on, that small
    // write would wait for the body's ACK, which the server delays (~40 ms) while it waits for the ".".
    (connection as unknown as { _socket?: Socket })._socket?.setNoDelay(true);
    const auth = this.settings.auth;
    if (auth) {
      await new Promise<void>((resolve, reject) =>
        connection.login(auth, (error) => (error ? reject(error) : resolve())),
      );
    }
    this.connection = connection;
    return connection;
  }

  private drop(connection: SMTPConnection): void {
    if (this.connection === connection) this.connection = null;
    connection.close();
  }

  async send(mail: OutgoingMail, raw: Buffer, options: SendOptions): Promise<void> {
    let connection: SMTPConnection;
    try {
      connection = await this.open();
    } catch (error) {
      throw new MailError(`SMTP connection failed: ${(error as Error).message}`, false);
    }
    const message = new HeldMessage(raw);
    const envelope = { from: fromAddress(), to: [mailboxAddress(mail.to)] };
    const outcome = new Promise<void>((resolve, reject) =>
      connection.send(envelope, message, (error) => (error ? reject(error) : resolve())),
    );
    // The envelope may be refused (4xx/5xx for MAIL or RCPT) before any body is asked for.
    const phase = await Promise.race([message.started.then(() => 'data' as const), outcome]).catch(
      (error: unknown) => {
        // A refused envelope leaves the session mid-transaction: start the next mail on a fresh one.
        this.drop(connection);
        throw toMailError(error);
      },
    );
    // The body must have left Node for the kernel first: otherwise a full socket would hold the "."
    // back behind it for as long as the server takes to read, while the mark was already written.
    if (phase === 'data') await bodyHandedOver(connection, outcome);
    // The mark and the closing "." together: the mark is written in the very call that hands the "."
    // to the socket (the stream gets it there a few ticks after finish()), so a worker killed at any
    // moment has either written both or neither (both writes reach the kernel, which sends them on).
    const committed =
      phase === 'data' && options.commit
        ? commitWithNextWrite(connection, options.commit, outcome)
        : Promise.resolve(true);
    message.finish();
    try {
      await outcome;
    } catch (error) {
      this.drop(connection);
      await committed.catch(() => false);
      const failure = toMailError(error);
      if (failure.responseCode === undefined) {
        throw new MailError(failure.message, false, undefined, true);
      }
      throw failure;
    }
    if (!(await committed.catch(() => false))) throw new MailNotCommitted();
  }

  close(): void {
    if (this.connection) {
      this.connection.quit();
      this.connection = null;
    }
  }
}

/**
 * Runs `commit` synchronously just before the connection's next socket write (the closing "."), and
 * answers its outcome; if the send ends first with nothing more written, nothing is committed.
 */
function commitWithNextWrite(
  connection: SMTPConnection,
  commit: () => Promise<boolean>,
  outcome: Promise<void>,
): Promise<boolean> {
  const socket = (connection as unknown as { _socket?: Socket })._socket;
  if (!socket) return commit();
  return new Promise<boolean>((resolve, reject) => {
    const write = socket.write;
    const restore = () => {
      if (socket.write !== write) socket.write = write;
    };
    socket.write = function (this: Socket, ...args: Parameters<Socket['write']>) {
      restore();
      commit().then(resolve, reject);
      return write.apply(this, args);
    } as Socket['write'];
    outcome.then(
      () => {
        if (socket.write !== write) {
          restore();
          resolve(false);
        }
      },
      () => {
        if (socket.write !== write) {
          restore();
          resolve(false);
        }
      },
    );
  });
}

/** Resolves once every byte of the body so far sits in the kernel's socket buffer (or the send ended). */
async function bodyHandedOver(connection: SMTPConnection, outcome: Promise<void>): Promise<void> {
  const socket = (connection as unknown as { _socket?: Socket })._socket;
  const ended = outcome.then(
    () => true,
    () => true,
  );
  for (;;) {
    // Let the pipe carry what was pushed through the dot-stuffing stream into the socket.
    await new Promise((resolve) => setImmediate(resolve));
    if (!socket || socket.writableLength === 0) return;
    const drained = new Promise<boolean>((resolve) => socket.once('drain', () => resolve(false)));
    if (await Promise.race([drained, ended])) return;
  }
}

/** The envelope's sender: MAIL_FROM's address, parsed as the From header's is. */
const fromAddress = (): string => mailboxAddress(env.MAIL_FROM);

export function smtpTransport(url: string, connections = 4): MailTransport {
  const settings = parseSmtpUrl(url);
  const channels = Array.from({ length: connections }, () => new SmtpChannel(settings));
  const idle = [...channels];
  const waiting: Array<(channel: SmtpChannel) => void> = [];
  const acquire = () =>
    new Promise<SmtpChannel>((resolve) => {
      const channel = idle.pop();
      if (channel) resolve(channel);
      else waiting.push(resolve);
    });
  const release = (channel: SmtpChannel) => {
    const next = waiting.shift();
    if (next) next(channel);
    else idle.push(channel);
  };
  return {
    description: `SMTP ${settings.host}:${settings.port}`,
    async send(mail, options = {}) {
      const raw = composeMail(mail);
      const channel = await acquire();
      try {
        await channel.send(mail, raw, options);
      } finally {
        release(channel);
      }
    },
    async close() {
      for (const channel of channels) channel.close();
    },
  };
}
