import { z } from 'zod';
import { cursorSchema, uuidCursorParamSchema } from '../../lib/cursor';
import { safeString } from '../../lib/safe-string';
import { MODERATION_ACTIONS } from './moderation.limits';
import { emailSchema, userIdSchema } from './users.schema';

// Moderation and site roles (issue 13; SPEC §4 author status, §7 PATCH /users/ban_user/{id};
// DESIGN §4, §5). Shared by the routes, the OpenAPI document and the staff area's forms.

export const BAN_REASON_MAX = 500;

// PATCH /api/users/ban_user/{id}: toggles the status (banned ↔ active); the reason is optional.
export const banUserSchema = z.object({
  reason: safeString().trim().max(BAN_REASON_MAX, `At most ${BAN_REASON_MAX} characters`).optional(),
});
export type BanUserInput = z.infer<typeof banUserSchema>;

export const banResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'banned']),
});
export type BanResult = z.infer<typeof banResultSchema>;

export const moderationEntrySchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  role: z.string().nullable(),
  /** The response, report or story acted on (issue 25's actions); null for the others. */
  subjectId: z.string().nullable(),
  reason: z.string(),
  /** Epoch ms. */
  createdAt: z.number(),
  target: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    status: z.enum(['active', 'banned']),
  }),
  /** A ban whose writer is still banned, and the reader may lift it (the policy's user.ban). */
  canUnban: z.boolean(),
  /** null: an account since deleted, or `npm run admin` (no one signed in). */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;

export const moderationLogQuerySchema = z.object({ lastKey: uuidCursorParamSchema });
export const moderationLogPageSchema = z.object({
  entries: z.array(moderationEntrySchema),
  /** Send back as ?lastKey (URL-encoded JSON) for the next page; null on the last page. */
  lastKey: cursorSchema.nullable(),
});
export type ModerationLogPage = z.infer<typeof moderationLogPageSchema>;

/** The roles staff may grant and revoke (roles.ts STORED_SITE_ROLES). */
export const siteRoleSchema = z.enum(['admin', 'editor']);

export const siteStaffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  siteRoles: z.array(siteRoleSchema),
  status: z.enum(['active', 'banned']),
});
export type SiteStaffMember = z.infer<typeof siteStaffMemberSchema>;
export const siteStaffSchema = z.object({ staff: z.array(siteStaffMemberSchema) });

// POST /api/users/site_roles/grant: by e-mail (the staff area's form and `npm run admin`).
export const grantSiteRoleSchema = z.object({ email: emailSchema, role: siteRoleSchema });
export type GrantSiteRoleInput = z.infer<typeof grantSiteRoleSchema>;

// POST /api/users/site_roles/revoke
export const revokeSiteRoleSchema = z.object({ userId: userIdSchema, role: siteRoleSchema });
export type RevokeSiteRoleInput = z.infer<typeof revokeSiteRoleSchema>;
