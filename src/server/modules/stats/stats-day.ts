// The UTC day of a moment as 'YYYY-MM-DD' (SPEC §9: time zone UTC), the key of every counter.
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
