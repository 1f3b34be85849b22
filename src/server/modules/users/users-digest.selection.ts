import { sql, type SQL } from 'drizzle-orm';
import { localInstant, nextLocalDate } from '../../db/local-time';
import { users } from './users.table';

// The daily digest's local times over the user's own columns (docs/decisions/055-notifications.md):
// their hour (digest_hour, 0–23) in their time zone (digest_time_zone), computed by PostgreSQL with
// the local-time machinery the reading plans use (db/local-time.ts), so a change of daylight saving
// time moves the UTC instant and not the hour. The users module keeps digest_due_at with these as
// the settings change; the notifications module's scheduler moves it on. Expressions over the table
// `users` unaliased; `at` is the instant counted from (now() unless given).

const hour = sql`make_time(${users.digestHour}, 0, 0)`;
const zone = sql`${users.digestTimeZone}`;

/** The first local date, today or tomorrow, on which the reader's hour is still ahead of `at`. */
export const nextDigestDate = (at?: SQL): SQL => nextLocalDate(hour, zone, at);

/** The instant of the reader's hour on the local date `date`. */
export const digestInstantOn = (date: SQL): SQL => localInstant(date, hour, zone);

/** When the reader's next digest falls due after `at`: their hour on `nextDigestDate(at)`. */
export const nextDigestDueAt = (at?: SQL): SQL => digestInstantOn(nextDigestDate(at));
