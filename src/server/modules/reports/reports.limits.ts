// What the report dialog and the staff queue need in the browser, and the table's value lists (this
// file imports nothing, so the browser bundle can take it).

export const REPORT_KINDS = ['response', 'story'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Why a reader reports something; the labels readers see are REPORT_REASON_LABELS below. */
export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'self_harm',
  'sexual',
  'misinformation',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What staff did: dismissed it, hid the subject, banned its author. */
export const REPORT_RESOLUTIONS = ['dismiss', 'hide', 'ban'] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/** At most this many characters of details with a report. */
export const REPORT_DETAILS_MAX = 1000;
/** At most this many characters in staff's note on a resolution (the ban's reason, say). */
export const REPORT_NOTE_MAX = 500;

/**
 * The reasons a reader picks from, in the dialog's order, worded for a community that shares grief,
 * prayer and testimony: what hurts people there, and a way to say "someone may be in danger".
 */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam, scams or advertising',
  harassment: 'Harassment or bullying',
  hate: 'Hate or contempt for a group or a faith',
  violence: 'Threats or violence',
  self_harm: 'Someone may be at risk of harming themselves',
  sexual: 'Sexual or explicit content',
  misinformation: 'Misleading or harmful claims (health, money, news)',
  other: 'Something else',
};
