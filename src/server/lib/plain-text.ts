import { z } from 'zod';

// Plain-text fields — every name, title, tag and short description: never HTML. They are stored as
// the person typed them, minus what can only do harm, and every page escapes them when it renders
// them. A single-line field never holds a line break, so a stored name can never end a mail header,
// an XML or CSV line early (issue 19; docs/decisions/016-control-characters.md). No Node imports:
// the forms validate with the same schemas, in the browser.

// C0/C1 controls (tab, newline and return are left to the callers), invisible zero-width characters,
// and the bidirectional overrides/isolates that make text read backwards ("Trojan Source").
// U+200D (zero-width joiner) stays: emoji sequences need it.
const CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
const INVISIBLE = /[\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

/**
 * Line breaks and every other control character: C0 (tab, CR and LF included), DEL, C1 (NEL U+0085
 * among them) and Unicode's line and paragraph separators.
 */
const SINGLE_LINE_RE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/;

export const SINGLE_LINE_MESSAGE = 'Line breaks and control characters are not allowed';

export const isSingleLine = (value: string): boolean => SINGLE_LINE_RE.test(value);

/** One line of text: controls removed, every run of whitespace (newlines too) made one space, trimmed. */
export function cleanLine(value: string): string {
  return value.normalize('NFC').replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

/** A few lines of text (the excerpt): controls removed, line breaks kept (at most one blank line), trimmed. */
export function cleanMultiline(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The one schema of a single-line field someone types into a form: a name (publication, collection,
 * list, subtopic, user), a one-line description. Invisible characters are dropped and the ends
 * trimmed; a line break or any other control character is refused (400, SINGLE_LINE_MESSAGE). A
 * regex, not a refine, so the OpenAPI document states the rule as the field's `pattern`. Chain the
 * field's own `.min()` / `.max()` after it.
 */
export const singleLineText = (params?: { error?: string }) =>
  z
    .string(params)
    .overwrite((value) => value.normalize('NFC').replace(INVISIBLE, '').trim())
    .regex(SINGLE_LINE_RE, SINGLE_LINE_MESSAGE);

/**
 * A single-line field an autosaving editor sends (a story's title, its tags): line breaks and runs of
 * whitespace are collapsed to one space rather than refused — a refusal would leave the editor stuck
 * on a change the writer cannot see (decision 016). Stored, it is as single-line as singleLineText.
 */
export const collapsedLineText = () => z.string().overwrite(cleanLine);

/** A few lines of plain text (an excerpt, a rejection reason): line breaks kept, controls dropped. */
export const multilineText = () => z.string().overwrite(cleanMultiline);
