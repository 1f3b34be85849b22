import { z } from 'zod';

// Control characters in input (docs/decisions/016-control-characters.md). PostgreSQL refuses NUL
// in text and jsonb (a 500 before this), and the other C0 controls and DEL have no business in an
// id, a slug, a query or a form field: those are refused with a 400. Tab, line feed and carriage
// return are ordinary text. Rich text (a story's body) is what an editor pasted, invisible to the
// writer, who could never find and remove it: there the controls are stripped instead.
// No Node imports here: the forms validate with the same schemas, in the browser.

/** C0 controls except tab, line feed and carriage return, and DEL. */
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_GLOBAL_RE = new RegExp(CONTROL_RE.source, 'g');

export const CONTROL_CHARACTER_MESSAGE = 'Control characters are not allowed';

export const hasControlCharacter = (value: string): boolean => CONTROL_RE.test(value);

/** A string field that refuses control characters; build input strings from it. */
export const safeString = () =>
  z.string().refine((value) => !CONTROL_RE.test(value), CONTROL_CHARACTER_MESSAGE);

/** Rich text: the same characters removed, not refused. */
export const stripControlCharacters = (value: string): string => value.replace(CONTROL_GLOBAL_RE, '');

/** stripControlCharacters over every string (keys too) of a JSON value, such as an editor document. */
export function stripControlCharactersDeep<T>(value: T): T {
  if (typeof value === 'string') return stripControlCharacters(value) as T;
  if (Array.isArray(value)) return value.map(stripControlCharactersDeep) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [
        stripControlCharacters(key),
        stripControlCharactersDeep(entry),
      ]),
    ) as T;
  }
  return value;
}

/**
 * Where in a validated input (any depth) a string holds a control character — "title",
 * "tags.2.name" — or null. Keys count too: a record's keys are input as much as its values.
 */
export function findControlCharacter(value: unknown, path: readonly (string | number)[] = []): string | null {
  const at = (segments: readonly (string | number)[]) => segments.join('.') || 'value';
  if (typeof value === 'string') return CONTROL_RE.test(value) ? at(path) : null;
  if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) {
      const found = findControlCharacter(entry, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      if (CONTROL_RE.test(key)) return at([...path, escapeControlCharacters(key)]);
      const found = findControlCharacter(entry, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** `\u0000` for NUL, `\u000a` for a line feed, and so on for every C0 control and DEL. */
export function escapeControlCharacters(value: string): string {
  return value.replace(
    /[\u0000-\u001f\u007f]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
