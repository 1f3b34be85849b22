// The reader's own clock, as the browser knows it: the forms that mail at a local hour (a reading
// plan's days, the notifications' daily digest) send the browser's IANA time zone and show hours in
// the reader's locale. Client-side only: on the server these would read the server's zone and locale.

/** The browser's IANA time zone ('Europe/Oslo'), or UTC when it does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** An hour of the day (0–23) on the hour, in the reader's locale: "7:00 AM", "07:00", "上午7:00". */
export function hourLabel(hour: number, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(2000, 0, 1, hour, 0),
  );
}
