// Reading plans' limits and words (docs/decisions/050-reading-plans.md), shared by the API's schemas
// and the forms. No imports: the browser reads this file too.

export const PLAN_TITLE_MAX = 100;
export const PLAN_DESCRIPTION_MAX = 500;
/** A year of days, and one more for a leap year. */
export const PLAN_DAYS_MAX = 366;
export const PLAN_PASSAGES_PER_DAY_MAX = 5;
/** A passage as typed ("John 3:16", "约3:16"): the reference parser reads queries up to this long. */
export const PLAN_PASSAGE_MAX = 100;
/** A reader is counted "active" when a day was read or mailed to them within this many days. */
export const PLAN_ACTIVE_WITHIN_DAYS = 7;
/** The plans a publication may have at once. */
export const PLAN_PER_PUBLICATION_MAX = 50;

/** 'HH:MM', 24-hour: the reader's local send time. */
export const SEND_AT_RE = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const DEFAULT_SEND_AT = '07:00';

export const PLAN_MESSAGES = {
  emailNeeded: 'Please enter a valid email address.',
  checkInbox:
    'Please check your inbox: we sent you a link to confirm, then your first day arrives at the time you chose.',
  started: 'Your reading plan has started: each day arrives by e-mail at the time you chose.',
  notStarted: 'You have not started this reading plan',
  sendAt: 'A time of day as HH:MM (24-hour)',
} as const;

/** A reader's state: unconfirmed (their address not confirmed yet), active, finished (every day read). */
export const PLAN_READER_STATES = ['unconfirmed', 'active', 'finished'] as const;
