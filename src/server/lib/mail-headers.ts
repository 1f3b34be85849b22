// A CommonJS module: Node's ESM loader cannot see its named exports, so take the object.
import addressparser from 'nodemailer/lib/addressparser';
import mimeFuncs from 'nodemailer/lib/mime-funcs';

/*
 * Every header line a Lamplight mail carries, encoded by nodemailer's own functions (issue 19: a
 * publication named "Gazette\r\nBcc: victim@…" once wrote a Bcc header into the confirmation mail).
 * Two kinds of value, and no third:
 * - free text (the subject, a sender's display name): written as it is only when it is printable
 *   ASCII that no reader could take for anything else; otherwise as RFC 2047 encoded-words (UTF-8,
 *   base64), which carry any character, line breaks included, as letters and digits. The text reaches
 *   the reader intact and can never end the header line.
 * - structured values (addresses, the Message-ID, link headers): built by the mail code from
 *   addresses and URLs; one that holds a control character or whitespace where none can be is a bug
 *   upstream, and the message is refused rather than sent with a header someone else wrote.
 * Every line is folded at 76 characters where there is a space, and none may exceed RFC 5322's 998.
 */

export class MailHeaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailHeaderError';
  }
}

/** RFC 5322 §2.1.1: no line of a message may be longer than 998 characters. */
const LINE_MAX = 998;
/** Longer runs without a space cannot be folded within 78 characters: encoded-words can. */
const WORD_MAX = 60;
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
/** Printable ASCII, no "=?" (an encoded-word look-alike a reader would decode), no quote, no leading/trailing or double space. */
const PLAIN_TEXT = /^(?!.*=\?)(?!.*\s{2})[\x21\x23-\x7e](?:[\x20\x21\x23-\x7e]*[\x21\x23-\x7e])?$/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/** A display name's words (RFC 5322 atext and spaces): no specials such as , ; : < > ( ) " \\ @ . [ ]. */
const PHRASE_TEXT = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/;
const LONG_WORD = new RegExp(`\\S{${WORD_MAX + 1},}`);

/** Free text as a header value: itself when plainly safe, else base64 encoded-words (each ≤ 75 characters). */
export function encodeHeaderText(value: string): string {
  if (value === '') return '';
  const plain = PLAIN_TEXT.test(value) && !LONG_WORD.test(value);
  return plain ? value : mimeFuncs.encodeWord(value, 'B', 52);
}

/** A mailbox's display name: as encodeHeaderText, and encoded too when it holds an address's specials. */
const encodeDisplayName = (value: string): string =>
  PHRASE_TEXT.test(value) ? encodeHeaderText(value) : mimeFuncs.encodeWord(value, 'B', 52);

/**
 * One mailbox: `Name <local@domain>` with the name encoded, or the bare address. `displayName`, when
 * given, replaces the mailbox's own name (a publication's newsletter comes from the site's address).
 */
export function encodeMailbox(mailbox: string, displayName?: string): string {
  const { name, address } = parseMailbox(mailbox);
  const shown = displayName ?? name;
  return shown ? `${encodeDisplayName(shown)} <${address}>` : address;
}

/** The address alone (an SMTP envelope's sender or recipient). */
export const mailboxAddress = (mailbox: string): string => parseMailbox(mailbox).address;

function parseMailbox(mailbox: string): { name: string; address: string } {
  // Before parsing: addressparser reads "a@x\r\nBcc: b@y" as the group "Bcc:" holding b@y alone.
  if (CONTROL.test(mailbox)) throw new MailHeaderError('The address holds a control character');
  const parsed = addressparser(mailbox, { flatten: true });
  const address = parsed[0]?.address;
  if (parsed.length !== 1 || !address) throw new MailHeaderError('Not one mail address');
  assertStructured('address', address);
  if (!/^[^@]+@[^@]+$/.test(address)) throw new MailHeaderError('Not a mail address');
  return { name: parsed[0]!.name, address };
}

function assertStructured(name: string, value: string): void {
  if (CONTROL_OR_SPACE.test(value))
    throw new MailHeaderError(`The ${name} holds a control character or a space`);
}

/**
 * One header line, folded. `value` must already be encoded (encodeHeaderText, encodeMailbox) or be
 * a structured value without controls: any control character left is refused here, whoever passed it.
 */
export function headerLine(name: string, value: string): string {
  if (!HEADER_NAME.test(name)) throw new MailHeaderError('Not a header name');
  if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) {
    throw new MailHeaderError(`The ${name} header holds a line break or a control character`);
  }
  const line = mimeFuncs.foldLines(`${name}: ${value}`, 76).replace(/\r\n$/, '');
  if (line.split('\r\n').some((part) => part.length > LINE_MAX)) {
    throw new MailHeaderError(`The ${name} header cannot be folded under ${LINE_MAX} characters`);
  }
  return line;
}

/** A structured header (Message-ID, List-Unsubscribe, …): refused if it holds whitespace or controls. */
export function structuredHeaderLine(name: string, value: string): string {
  if (CONTROL.test(value)) {
    throw new MailHeaderError(`The ${name} header holds a line break or a control character`);
  }
  return headerLine(name, value);
}
