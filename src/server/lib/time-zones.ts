import { z } from 'zod';

// IANA time zone names as the API takes them (pure: the forms import this through the schemas). The
// newsletters' subscribers, the reading plans' readers and the notifications' digest all say where
// their reader lives with one of these; PostgreSQL computes the local times (db/local-time.ts).

/** The IANA names this runtime knows, canonical ones (Intl.supportedValuesOf) and UTC. */
const TIME_ZONES = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort() as [
  string,
  ...string[],
];

/** An alias a browser may report ('Asia/Kolkata', 'US/Pacific') as the canonical name it stands for. */
function canonicalTimeZone(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    return value;
  }
}

/**
 * An IANA time zone name ('Europe/Oslo', 'UTC'): an enum in the OpenAPI document, so a client knows
 * every name the server takes; aliases are taken too, as the canonical name.
 */
export const timezoneSchema = z.preprocess(
  canonicalTimeZone,
  z.enum(TIME_ZONES, { error: 'Not a time zone (an IANA name such as Europe/Oslo)' }),
);
