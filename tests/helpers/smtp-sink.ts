import { SMTPServer } from 'smtp-server';

// An in-process SMTP server (the `smtp-server` package) that keeps every message it accepts: the
// API tests, the Playwright journey and the bench read the mail the app really sent over SMTP.

export type SunkMail = {
  to: string[];
  /** The client's port: which connection (and so which sending process) delivered it. */
  remotePort?: number;
  raw: string;
  headers: Map<string, string>;
  subject: string;
  html: string;
  text: string;
};

export type SmtpSink = {
  port: number;
  url: string;
  messages: SunkMail[];
  /** Waits until `count` messages match (default 1), then answers them. */
  waitFor(
    predicate: (mail: SunkMail) => boolean,
    options?: { count?: number; timeoutMs?: number },
  ): Promise<SunkMail[]>;
  close(): Promise<void>;
};

export type SinkOptions = {
  port?: number;
  /** An SMTP reply code for a recipient (550: permanent, 451: transient), or undefined to accept. */
  refuse?: (recipient: string) => number | undefined;
  /** Called with each accepted message (the kill test stops a worker from here). */
  onMessage?: (mail: SunkMail) => void;
  /** Keep only the headers (the bench counts recipients; decoding 10,000 bodies would be its own load). */
  headersOnly?: boolean;
  /** Answer each message this much later, as a slower real server would. */
  delayMs?: number;
};

function unfoldHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '').toLowerCase();
  if (kind === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: unfoldHeaders(part), body: '' };
  const gap = part.slice(at).match(/^\r?\n\r?\n/)![0].length;
  return { headers: unfoldHeaders(part.slice(0, at)), body: part.slice(at + gap) };
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** A small MIME reader: enough for nodemailer's text + HTML alternative messages. */
export function parseMail(raw: string, to: string[]): SunkMail {
  const { headers, body } = splitPart(raw);
  let html = '';
  let text = '';
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => splitPart(p.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const partType = part.headers.get('content-type') ?? 'text/plain';
    const decoded = decodeBody(part.body, part.headers.get('content-transfer-encoding'));
    if (partType.startsWith('text/html')) html = decoded;
    else if (partType.startsWith('text/plain')) text = decoded;
  }
  return { to, raw, headers, subject: decodeWords(headers.get('subject') ?? ''), html, text };
}

function parseHeadersOnly(raw: string, to: string[]): SunkMail {
  const end = raw.search(/\r?\n\r?\n/);
  const headers = unfoldHeaders(end < 0 ? raw : raw.slice(0, end));
  return { to, raw: '', headers, subject: decodeWords(headers.get('subject') ?? ''), html: '', text: '' };
}

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const messages: SunkMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address);
      if (code) {
        const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & {
          responseCode: number;
        };
        error.responseCode = code;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = options.headersOnly ? parseHeadersOnly(raw, to) : parseMail(raw, to);
        mail.remotePort = session.remotePort;
        messages.push(mail);
        options.onMessage?.(mail);
        for (const wake of waiters) wake();
        if (options.delayMs) setTimeout(() => callback(), options.delayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // smtp-server reports a client's connection dropping (a worker killed mid-send: ECONNRESET) as an
  // 'error' on the server, which with no listener would end the test process. A real server carries
  // on; so does the sink (the message that was being sent was not accepted, so it is not kept).
  server.on('error', (error: Error & { code?: string }) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.warn(`[smtp-sink] ${error.message}`);
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port!;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, { count = 1, timeoutMs = 15_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.filter(predicate);
          if (found.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Timed out waiting for ${count} mail(s); ${messages.length} received`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in the mail's text or HTML whose address contains `fragment`. */
export function linkIn(mail: SunkMail, fragment: string): string {
  const links = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) =>
    m[0].replace(/&amp;/g, '&'),
  );
  const link = links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`No link with "${fragment}" in the mail to ${mail.to.join(', ')}`);
  return link;
}
