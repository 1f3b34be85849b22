import { randomBytes } from 'node:crypto';
import { env } from './env';
import {
  encodeHeaderText,
  encodeMailbox,
  headerLine,
  MailHeaderError,
  structuredHeaderLine,
} from './mail-headers';

// A message and the contract of every transport that sends it (./mail.ts picks the transport).

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
