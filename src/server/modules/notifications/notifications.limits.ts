// Plain numbers of the notifications module (docs/decisions/055-notifications.md): the client's
// list and the server share them.

/** Notifications per page of GET /api/notifications (default; the client may ask 1–50). */
export const NOTIFICATIONS_PAGE = 20;
/** The actors of a group GET /api/notifications names and pictures (newest first); the rest are counted. */
export const NOTIFICATION_ACTORS_SHOWN = 3;
/** Ids one POST /api/notifications/read may name. */
export const MARK_READ_MAX_IDS = 100;
/** Notifications a digest lists; a reader with more is told how many more wait on the site. */
export const DIGEST_MAX_ITEMS = 20;
/** A digest covers at most this far back (a reader who turns it on is not sent a year of news). */
export const DIGEST_MAX_LOOKBACK_HOURS = 48;
