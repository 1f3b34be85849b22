// Newsletter topics the client names directly (SPEC §9, DESIGN §6). Publication topics come from the API.
export const TOPIC_ANXIETY = 'anxiety';
export const TOPIC_DAILY_DEVOTIONAL = 'daily-devotional';

/** The subscriber's time zone for delivery times; UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
