import { z } from 'zod';
import { integerParam } from './integer-param';
import { AppError } from './errors';

// THE keyset-pagination helper (CONVENTIONS 8, DESIGN §7). Every list is ordered newest first by
// (sort time, id) and resumes after the last row the client saw: the cursor `lastKey` is that row's
// key as a URL-encoded JSON object {"t": <epoch ms>, "id": "<row id>"} (SPEC §7), and each answer
// carries the next cursor, or null on the last page. Repositories turn a cursor into the row
// comparison `(sort_time, id) < ($t, $id)` over a plain (sort_time, id) index (STACK-NOTES), and
// fetch one row more than the page so the last page is known without an extra query.

export type Cursor = { t: number; id: string };

export const cursorSchema = z
  .object({
    t: z.number().int().min(0).max(8.64e15),
    id: z.string().min(1).max(64),
  })
  .strict();

/**
 * The cursor as it travels in a query (`?lastKey=`): the JSON text of the previous page's `lastKey`
 * exactly as JSON.stringify writes it (keys t then id, no spaces), which the pattern states so that
 * a client generated from the OpenAPI document sends one the server takes
 * (docs/decisions/028-openapi-contract.md). Empty, or `null`, asks for the first page. Story ids
 * (21 URL-safe characters) and UUIDs both fit the id's character set; 15 digits of epoch
 * milliseconds stay under the schema's 8.64e15.
 */
export const CURSOR_PATTERN = /^(|null|\{"t":(0|[1-9][0-9]{0,14}),"id":"[0-9A-Za-z_-]{1,64}"\})$/;

/** The query parameter as the OpenAPI document shows it (decoded by decodeCursor). */
export const cursorParamSchema = z
  .string()
  .regex(CURSOR_PATTERN, 'Not a cursor: send the lastKey of the previous page as JSON, {"t":…,"id":"…"}')
  .meta({
    id: 'Cursor',
    description:
      'The `lastKey` object of the previous page as JSON text, URL-encoded in the query: {"t":<epoch ms>,"id":"<row id>"} (JSON.stringify of it). Empty or null: the first page.',
    example: '{"t":1735689600000,"id":"V1StGXR8_Z5jdHi6B-myT"}',
  })
  .optional();

/** The same for a list keyed by UUID rows (publications, newsletters, the moderation log). */
export const UUID_CURSOR_PATTERN =
  /^(|null|\{"t":(0|[1-9][0-9]{0,14}),"id":"[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"\})$/;

export const uuidCursorParamSchema = z
  .string()
  .regex(UUID_CURSOR_PATTERN, 'Not a cursor: send the lastKey of the previous page as JSON, {"t":…,"id":"…"}')
  .meta({
    id: 'UuidCursor',
    description:
      'The `lastKey` object of the previous page as JSON text, URL-encoded in the query: {"t":<epoch ms>,"id":"<row uuid>"} (JSON.stringify of it). Empty or null: the first page.',
    example: '{"t":1735689600000,"id":"0b0c8a5e-3f6a-4d7e-9a51-2f1f4c1d2e3a"}',
  })
  .optional();

/** The page size parameter: 1–50, default `fallback`. */
export const pageLimitSchema = (fallback = 10) =>
  integerParam(z.number().int().min(1).max(50)).default(fallback);

/**
 * The cursor a client sent (already URL-decoded by the router), or null for the first page.
 * Anything that is not such an object answers 400.
 */
export function decodeCursor(raw: string | undefined | null, name = 'lastKey'): Cursor | null {
  if (raw === undefined || raw === null || raw === '' || raw === 'null') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('validation_failed', 'Invalid input', `${name}: not a JSON object`);
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(
      'validation_failed',
      'Invalid input',
      `${name}: expected {"t": <epoch ms>, "id": "…"}`,
    );
  }
  return parsed.data;
}

/** The cursor as the client sends it back (before URL-encoding): `?lastKey=${encodeURIComponent(…)}`. */
export function encodeCursor(cursor: Cursor): string {
  return JSON.stringify(cursor);
}

/** The sort time of a cursor, for the repository's row comparison. */
export const cursorTime = (cursor: Cursor): Date => new Date(cursor.t);

/**
 * One page from `limit + 1` fetched rows: the first `limit` rows, and the key of the last of them
 * when more rows follow (otherwise null).
 */
export function toPage<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (row: T) => Cursor,
): { items: T[]; lastKey: Cursor | null } {
  const items = rows.slice(0, limit);
  const lastKey = rows.length > limit && items.length > 0 ? keyOf(items[items.length - 1]) : null;
  return { items, lastKey };
}
