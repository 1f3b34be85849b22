import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { env } from './env';
import {
  encodeHeaderText,
  encodeMailbox,
  headerLine,
  mailboxAddress,
  MailHeaderError,
  structuredHeaderLine,
} from './mail-headers';

/*
 * The one mail transport (DESIGN §1 "mail", §10): SMTP when SMTP_URL is set, otherwise one `.eml`
 * file per message under DATA_DIR/outbox. Both take a `commit` step, started in the same instant the
 * message becomes final. SMTP: once the server has accepted the envelope and the body has streamed,
 * `commit()` is called (it writes its database statement on its socket before its first await) and
 * the closing "." follows at once, through the stream's next ticks with nothing waiting on I/O in
 * between (the body is already in the kernel's buffer). A process killed at any moment outside that
 * instant has then either written both (the kernel still delivers what was written: the server gets
 * the ".", the database runs the UPDATE) or neither (no "." — the server drops the message — and no
 * mark). The newsletter sender marks its delivery row sent there (docs/decisions/024-newsletters.md).
 * Outbox: the file has a fixed name per message, so writing it again replaces it; commit follows it.
 */

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Deterministic per (purpose, recipient): the outbox file name, and a receiver's dedupe key. */
  messageId: string;
  /** Structured headers (List-Unsubscribe, …): URLs and tokens, never free text. */
  headers?: Record<string, string>;
  /** The sender's display name when not the site's own (a publication's newsletter); free text, encoded. */
  fromName?: string;
};

/**
 * `commit` starts the caller's "it was sent" mark. It must issue its write before its first await (see
 * above). Its answer is awaited after the message is final: false means the mark did not apply.
 */
export type SendOptions = { commit?: () => Promise<boolean> };

/**
 * A failed send: `permanent` for the server's 5xx answers (do not retry), else worth a retry.
 * `unknownOutcome`: the connection was lost after the message was complete and before the server
 * answered — it was most likely accepted, so the sender keeps it as sent rather than risk a second copy.
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
    readonly unknownOutcome = false,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** The commit step answered false: the message went out but its mark did not apply. */
export class MailNotCommitted extends Error {
  constructor() {
    super('The message was sent but its commit step did not apply');
    this.name = 'MailNotCommitted';
  }
}

export type MailTransport = {
  readonly description: string;
  send(mail: OutgoingMail, options?: SendOptions): Promise<void>;
  close(): Promise<void>;
};

/**
 * The message as MIME: text and HTML alternatives, each base64 in 76-character lines. Written here
 * rather than with nodemailer's stream-based composer, which costs milliseconds of CPU per message —
 * the whole budget of a newsletter to ten thousand readers (docs/decisions/024-newsletters.md). The
 * header values are encoded by nodemailer's own functions (./mail-headers.ts): nothing a caller
 * passes can write a header line of its own.
 */
export function composeMail(mail: OutgoingMail, date = new Date()): Buffer {
  const boundary = `--lamplight-${randomBytes(12).toString('hex')}`;
  const lines = [
    ...headerLines(mail, date),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.text),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(mail.html),
    `--${boundary}--`,
    '',
  ];
  return Buffer.from(lines.join('\r\n'));
}

/** The headers, each encoded; a value no encoding can make safe refuses the message (permanently). */
function headerLines(mail: OutgoingMail, date: Date): string[] {
  try {
    return [
      headerLine('From', encodeMailbox(env.MAIL_FROM, mail.fromName)),
      headerLine('To', encodeMailbox(mail.to)),
      headerLine('Subject', encodeHeaderText(mail.subject)),
      headerLine('Date', date.toUTCString().replace(/GMT$/, '+0000')),
      structuredHeaderLine('Message-ID', mail.messageId),
      'MIME-Version: 1.0',
      ...Object.entries(mail.headers ?? {}).map(([name, value]) => structuredHeaderLine(name, value)),
    ];
  } catch (error) {
    if (error instanceof MailHeaderError) throw new MailError(error.message, true);
    throw error;
  }
}

function base64Lines(text: string): string {
  return (
    Buffer.from(text, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');
}

// ---------------------------------------------------------------------------------------------------
// The outbox: DATA_DIR/outbox/<message id>.eml, written whole to a temporary name and renamed, so a
// reader never sees half a file and a message written twice is still one file.
// ---------------------------------------------------------------------------------------------------

const fileName = (messageId: string) => `${messageId.replace(/[^A-Za-z0-9._-]+/g, '_')}.eml`;

export function outboxTransport(dir: string): MailTransport {
  return {
    description: `no SMTP_URL: mail is written as .eml files to ${dir}`,
    async send(mail, options = {}) {
      await mkdir(dir, { recursive: true });
      const final = path.join(dir, fileName(mail.messageId));
      const temporary = `${final}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, composeMail(mail)).catch(async (error: unknown) => {
        await rm(temporary, { force: true });
        throw new MailError(`Writing ${final} failed: ${(error as Error).message}`, false);
      });
      // Renamed first: a crash before the commit sends it again, into the same file.
      await rename(temporary, final);
      if (options.commit && !(await options.commit())) throw new MailNotCommitted();
    },
    async close() {},
  };
}

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

// ---------------------------------------------------------------------------------------------------
// The process's transport, from the configuration; tests and the bench point it at their own sink.
// ---------------------------------------------------------------------------------------------------

let current: MailTransport | null = null;

export function mailTransport(): MailTransport {
  current ??= env.SMTP_URL
    ? smtpTransport(env.SMTP_URL)
    : outboxTransport(path.resolve(env.DATA_DIR, 'outbox'));
  return current;
}

/** Replaces the process's transport (tests and the bench: an in-process SMTP sink); closes the old one. */
export async function setMailTransport(transport: MailTransport): Promise<void> {
  const previous = current;
  current = transport;
  await previous?.close();
}

/** The start-up banner's line: where mail goes. */
export function describeMailTransport(): string {
  return mailTransport().description;
}
