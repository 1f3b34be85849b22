import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { json, jsonBody, signedIn } from '../../api/openapi';
import {
  banResultSchema,
  banUserSchema,
  grantSiteRoleSchema,
  moderationLogPageSchema,
  moderationLogQuerySchema,
  revokeSiteRoleSchema,
  siteStaffMemberSchema,
  siteStaffSchema,
} from './moderation.schema';
import {
  grantSiteRole,
  listModerationLog,
  listSiteStaff,
  revokeSiteRole,
  toggleUserBan,
} from './moderation.service';
import { userIdSchema } from './users.schema';

// Staff's account tools (issue 13). Mounted at /users before usersRoutes: /users/ban_user/… and
// /users/site_roles would otherwise be taken by /users/{id}.

const tags = ['moderation'];

export const moderationRoutes = createRouter()
  // PATCH /api/users/ban_user/{id} — ban an active user, or unban a banned one (site admins)
  .openapi(
    createRoute({
      method: 'patch',
      path: '/ban_user/{id}',
      security: signedIn,
      tags,
      summary: "Toggle a user's ban (banned ↔ active), recorded in the moderation log",
      request: {
        params: z.object({ id: userIdSchema }),
        body: { content: { 'application/json': { schema: banUserSchema } }, required: false },
      },
      responses: { 200: json(banResultSchema) },
    }),
    async (c) => {
      // The body is optional (SPEC §7 sends none): an absent one means no reason.
      const body = c.req.header('content-type')?.includes('application/json') ? c.req.valid('json') : {};
      return c.json(await toggleUserBan(c.get('actor'), c.req.valid('param').id, body ?? {}), 200);
    },
  )
  // GET /api/users/moderation_log?lastKey — bans, unbans and role changes, newest first (site staff)
  .openapi(
    createRoute({
      method: 'get',
      path: '/moderation_log',
      security: signedIn,
      tags,
      summary: 'The moderation log',
      request: { query: moderationLogQuerySchema },
      responses: { 200: json(moderationLogPageSchema) },
    }),
    async (c) => c.json(await listModerationLog(c.get('actor'), c.req.valid('query').lastKey), 200),
  )
  // GET /api/users/site_roles — everyone holding a site role (site staff)
  .openapi(
    createRoute({
      method: 'get',
      path: '/site_roles',
      security: signedIn,
      tags,
      summary: 'Site editors and site admins',
      responses: { 200: json(siteStaffSchema) },
    }),
    async (c) => c.json({ staff: await listSiteStaff(c.get('actor')) }, 200),
  )
  // POST /api/users/site_roles/grant — make a user a site editor or site admin (site admins)
  .openapi(
    createRoute({
      method: 'post',
      path: '/site_roles/grant',
      security: signedIn,
      tags,
      summary: 'Grant a site role',
      request: jsonBody(grantSiteRoleSchema),
      responses: { 200: json(siteStaffMemberSchema) },
    }),
    async (c) => c.json(await grantSiteRole(c.get('actor'), c.req.valid('json')), 200),
  )
  // POST /api/users/site_roles/revoke — take a site role away (never the last admin's)
  .openapi(
    createRoute({
      method: 'post',
      path: '/site_roles/revoke',
      security: signedIn,
      tags,
      summary: 'Revoke a site role',
      request: jsonBody(revokeSiteRoleSchema),
      responses: { 200: json(siteStaffMemberSchema) },
    }),
    async (c) => c.json(await revokeSiteRole(c.get('actor'), c.req.valid('json')), 200),
  );
