import { sql, type SQL } from 'drizzle-orm';
import { getDb } from './index';

// Wall-clock times in a reader's own IANA time zone, computed by PostgreSQL — the one machinery for
// every mail sent "at the reader's hour": the reading plans' days (docs/decisions/050-reading-plans.md)
// and the notifications' daily digest (055-notifications.md). Fragments for the repositories'
// statements: `zone` and `time` are SQL (a column, or a parameter), `at` the instant counted from.
//
// Daylight saving time is PostgreSQL's reading of a local time: a time that does not exist that night
// (02:30 in a spring-forward gap) is read an hour later (03:30, the same instant as 02:30 of the
// standard time before it); a time that comes twice (01:30 on an autumn night) is read as the second,
// standard-time one. So the UTC instant moves with the clocks and the wall-clock time does not.

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The local date in `zone` at the instant `at` (now() unless given). */
export const localDateAt = (zone: SQL, at: SQL = sql`now()`): SQL =>
  sql`((${at}) at time zone ${zone})::date`;

/** The instant at which the clock in `zone` reads `time` on the local date `date`. */
export const localInstant = (date: SQL, time: SQL, zone: SQL): SQL =>
  sql`(((${date})::date + (${time})::time) at time zone ${zone})`;

/**
 * The first local date — today in `zone` at `at`, or tomorrow — on which `time` is still ahead of
 * `at`. The date before it is the last one whose `time` has come.
 */
export function nextLocalDate(time: SQL, zone: SQL, at: SQL = sql`now()`): SQL {
  const today = localDateAt(zone, at);
  return sql`(case when ${localInstant(today, time, zone)} > (${at}) then ${today} else ${today} + 1 end)`;
}

/**
 * Whether PostgreSQL knows the time zone. The schemas take the names this Node knows
 * (lib/time-zones.ts); the senders compute local times in SQL, where an unknown name would fail the
 * whole statement, so a name is also checked here before it is stored.
 */
export async function isKnownTimeZone(name: string): Promise<boolean> {
  const db = await getDb();
  const result = await db.execute(sql`select 1 as ok from pg_timezone_names where name = ${name} limit 1`);
  return rowsOf(result).length > 0;
}
