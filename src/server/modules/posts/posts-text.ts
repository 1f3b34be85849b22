// Plain-text fields (title, excerpt, tag names, rejection reasons): never HTML. They are stored as the
// writer typed them, minus what can only do harm, and every page escapes them when it renders them.

// C0/C1 controls (tab, newline and return are left to the callers), invisible zero-width characters,
// and the bidirectional overrides/isolates that make text read backwards ("Trojan Source").
// U+200D (zero-width joiner) stays: emoji sequences need it.
const CONTROL =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

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
