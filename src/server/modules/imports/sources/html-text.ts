import { DomUtils, parseDocument } from 'htmlparser2';
import { AppError } from '../../../lib/errors';

// Small string helpers every reader shares: escaping for the HTML the renderers write, plain text
// from an HTML fragment, and the one error the readers throw for a file they cannot read.

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttr(text: string): string {
  return escapeHtml(text).replace(/"/g, '&quot;');
}

/** The visible text of an HTML fragment, whitespace collapsed (excerpts, titles). */
export function htmlToText(html: string): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, ' ').trim();
  return DomUtils.textContent(parseDocument(html, { decodeEntities: true }))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A date from the source, or null when absent or not a date. */
export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (value === '' || value === 0) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The error every reader throws for a file it will not read, with a message a writer can act on. */
export function unreadable(message: string, detail?: string): AppError {
  return new AppError('validation_failed', message, detail);
}

/** An absolute http(s) address, or null. */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
