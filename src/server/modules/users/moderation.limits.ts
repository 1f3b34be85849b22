// The moderation log's actions, shared by its table and the schema the staff area's forms import
// (this file imports nothing, so the browser bundle can take it). Issue 25 adds the community's:
// a response removed or restored by staff, a report dismissed, a reported story unpublished.
export const MODERATION_ACTIONS = [
  'ban',
  'unban',
  'grant_role',
  'revoke_role',
  'remove_response',
  'restore_response',
  'dismiss_report',
  'unpublish_story',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
