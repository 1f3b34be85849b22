import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../api/router';
import { anyone, json, jsonBody, signedIn } from '../../api/openapi';
import { userIdSchema } from '../users/users.schema';
import {
  addContributorSchema,
  authorsSchema,
  createPublicationSchema,
  editorsSchema,
  memberAnswerSchema,
  ownersSchema,
  publicationIdSchema,
  publicationQuerySchema,
  publicationSchema,
  publicationSummarySchema,
  removeContributorQuerySchema,
  removeContributorSchema,
  roleQuerySchema,
  roleSchema,
  updateBackgroundImageSchema,
  updateContributorQuerySchema,
  updateContributorSchema,
  updatePublicationSchema,
} from './publications.schema';
import {
  addContributor,
  listPublicationMembers,
  removeContributor,
  roleInPublication,
  updateContributor,
} from './publications-members.service';
import {
  createPublication,
  deletePublication,
  getPublicationOrThrow,
  listPublicationsOfUser,
  updatePublication,
  updatePublicationBackground,
} from './publications.service';

// Publications (SPEC §7 Publications; who may: DESIGN §4 through the policy). Static paths come
// before '/{id}' of the same method: '/{id}' would otherwise answer for them (and refuse the word as
// "Not a publication id").

const tags = ['publications'];
const params = z.object({ id: publicationIdSchema });
const publication = { 200: json(publicationSchema) };
const deleted = { 204: { description: 'Deleted' } };

export const publicationCreateRoutes = createRouter()
  // POST /api/publications/create — a new publication; the caller is its owner
  .openapi(
    createRoute({
      method: 'post',
      path: '/create',
      security: signedIn,
      tags,
      summary: 'Create a publication (its subdomain is claimed in the shared namespace)',
      request: jsonBody(createPublicationSchema),
      responses: { 201: json(publicationSchema, 'Created') },
    }),
    async (c) => c.json(await createPublication(c.get('actor'), c.req.valid('json')), 201),
  );

// The rest, mounted after the reading module's GET /publications (src/server/api/app.ts keeps the
// document's order of paths).
export const publicationsRoutes = createRouter()
  // GET /api/publications/getPublicationsByUserId?userId= — the user's publications with collections
  .openapi(
    createRoute({
      method: 'get',
      path: '/getPublicationsByUserId',
      security: anyone,
      tags,
      summary: 'Publications a user belongs to, with their collections',
      request: { query: z.object({ userId: userIdSchema }) },
      responses: {
        200: json(z.object({ publications: z.array(publicationSummarySchema) })),
      },
    }),
    async (c) =>
      c.json(
        { publications: await listPublicationsOfUser(c.get('actor'), c.req.valid('query').userId) },
        200,
      ),
  )
  // GET /api/publications/getRoleByUserId?userId&publicationId — the user's role there, or null
  .openapi(
    createRoute({
      method: 'get',
      path: '/getRoleByUserId',
      security: anyone,
      tags,
      summary: "A user's role in a publication (null: not a member)",
      request: { query: roleQuerySchema },
      responses: { 200: json(roleSchema) },
    }),
    async (c) => c.json(await roleInPublication(c.get('actor'), c.req.valid('query')), 200),
  )
  // GET /api/publications/{id}?getUserRelation=true — one publication (+ the caller's relation and capabilities)
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      security: anyone,
      tags,
      summary: 'A publication with its collections, and optionally your relation to it',
      request: { params, query: publicationQuerySchema },
      responses: publication,
    }),
    async (c) => {
      const flag = c.req.valid('query').getUserRelation;
      const answer = await getPublicationOrThrow(c.get('actor'), c.req.valid('param').id, {
        withUserRelation: flag === 'true' || flag === '1',
      });
      return c.json(answer, 200);
    },
  )
  // GET /api/publications/{id}/owners — the owner(s)
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/owners',
      security: anyone,
      tags,
      summary: "A publication's owners",
      request: { params },
      responses: { 200: json(ownersSchema) },
    }),
    async (c) =>
      c.json({ owners: await listPublicationMembers(c.get('actor'), c.req.valid('param').id, 'owner') }, 200),
  )
  // GET /api/publications/{id}/editors — its editors
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/editors',
      security: anyone,
      tags,
      summary: "A publication's editors",
      request: { params },
      responses: { 200: json(editorsSchema) },
    }),
    async (c) =>
      c.json(
        { editors: await listPublicationMembers(c.get('actor'), c.req.valid('param').id, 'editor') },
        200,
      ),
  )
  // GET /api/publications/{id}/authors — its authors
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/authors',
      security: anyone,
      tags,
      summary: "A publication's authors",
      request: { params },
      responses: { 200: json(authorsSchema) },
    }),
    async (c) =>
      c.json(
        { authors: await listPublicationMembers(c.get('actor'), c.req.valid('param').id, 'author') },
        200,
      ),
  )
  // PATCH /api/publications/updateBackgroundImage {id, backgroundImage} — the page's background image
  .openapi(
    createRoute({
      method: 'patch',
      path: '/updateBackgroundImage',
      security: signedIn,
      tags,
      summary: "Change (or remove) a publication's background image",
      request: jsonBody(updateBackgroundImageSchema),
      responses: publication,
    }),
    async (c) => c.json(await updatePublicationBackground(c.get('actor'), c.req.valid('json')), 200),
  )
  // PATCH /api/publications/updateContributor?id {userId, userRole} — make an author an editor or back
  .openapi(
    createRoute({
      method: 'patch',
      path: '/updateContributor',
      security: signedIn,
      tags,
      summary: "Change a contributor's role (publication_author or publication_editor)",
      request: { query: updateContributorQuerySchema, ...jsonBody(updateContributorSchema) },
      responses: { 200: json(memberAnswerSchema) },
    }),
    async (c) =>
      c.json(await updateContributor(c.get('actor'), c.req.valid('query').id, c.req.valid('json')), 200),
  )
  // PATCH /api/publications/{id} — name, logo, description, language, background image
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: "Change a publication's profile",
      request: { params, ...jsonBody(updatePublicationSchema) },
      responses: publication,
    }),
    async (c) =>
      c.json(await updatePublication(c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  // POST /api/publications/addContributorByUserId {userId, publicationId, userRole} — add an author or editor
  .openapi(
    createRoute({
      method: 'post',
      path: '/addContributorByUserId',
      security: signedIn,
      tags,
      summary: 'Add an author or an editor by their user id',
      request: jsonBody(addContributorSchema),
      responses: { 201: json(memberAnswerSchema, 'Added') },
    }),
    async (c) => c.json(await addContributor(c.get('actor'), c.req.valid('json')), 201),
  )
  // DELETE /api/publications/removeContributor?id {authorId} — take an author or editor out
  .openapi(
    createRoute({
      method: 'delete',
      path: '/removeContributor',
      security: signedIn,
      tags,
      summary: 'Remove an author or editor from a publication',
      request: { query: removeContributorQuerySchema, ...jsonBody(removeContributorSchema) },
      responses: { 204: { description: 'Removed' } },
    }),
    async (c) => {
      await removeContributor(c.get('actor'), c.req.valid('query').id, c.req.valid('json').authorId);
      return c.body(null, 204);
    },
  )
  // DELETE /api/publications/{id} — the publication with its collections, members and stories
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      security: signedIn,
      tags,
      summary: 'Delete a publication and all its stories',
      request: { params },
      responses: deleted,
    }),
    async (c) => {
      await deletePublication(c.get('actor'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
