import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, errors, json, jsonBody, signedIn } from '../../api/openapi';
import { updateUserSchema, userIdSchema, userProfileSchema } from './users.schema';
import { getUserProfileOrThrow, updateUserProfile } from './users.service';

const params = z.object({ id: userIdSchema });

export const usersRoutes = createRouter()
  // GET /api/users/{id} — a user's public profile
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: anyone,
      tags: ['users'],
      summary: "A user's profile",
      request: { params },
      responses: { 200: json(userProfileSchema) },
    }),
    async (c) => c.json(await getUserProfileOrThrow(c.get('actor'), c.req.valid('param').id), 200),
  )
  // PATCH /api/users/{id} — the user updates their own profile (onboarding, edit profile)
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      security: signedIn,
      tags: ['users'],
      summary: 'Update your own profile',
      description:
        'Only your own (403 otherwise). Only the fields sent change; `notifications` changes your notification settings, its `digestHour` (0–23) and `timeZone` (an IANA name) when your daily digest arrives. A time zone this server’s database does not know answers 422. The answer carries your settings.',
      request: { params, ...jsonBody(updateUserSchema) },
      responses: { 200: json(userProfileSchema), ...errors(422) },
    }),
    async (c) =>
      c.json(await updateUserProfile(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
