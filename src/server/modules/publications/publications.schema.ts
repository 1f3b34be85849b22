import { z } from 'zod';
import { pageLimitSchema, uuidCursorParamSchema } from '../../lib/cursor';
import { singleLineText } from '../../lib/plain-text';
import {
  RESERVED_SUBDOMAINS,
  SUBDOMAIN_MAX,
  SUBDOMAIN_MIN,
  subdomainFormProblem,
} from '../subdomains/reserved-subdomains';
import { imageUrlSchema, languageCodeSchema, userIdSchema } from '../users/users.schema';
import {
  ASSIGNABLE_ROLES,
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  CONTRIBUTOR_ID_LENGTH,
  PUBLICATION_DESCRIPTION_MAX,
  PUBLICATION_DESCRIPTION_REQUIRED,
  PUBLICATION_NAME_MAX,
  PUBLICATION_NAME_REQUIRED,
  PUBLICATION_SUBDOMAIN_REQUIRED,
  WRONG_USER_ID,
} from './publications.limits';

// One zod schema per payload (SPEC §3, §7 Publications and Collections); the routes, the OpenAPI
// document and the forms all use these.

export const publicationIdSchema = z.string().uuid('Not a publication id');
export const collectionIdSchema = z.string().uuid('Not a collection id');

export const collectionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Epoch milliseconds (SPEC §3 Collection.createTimestamp). */
  createTimestamp: z.number(),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

export const publicationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  subdomain: z.string(),
  collections: z.array(collectionSummarySchema),
});
export type PublicationSummary = z.infer<typeof publicationSummarySchema>;

/**
 * What the caller may do with the publication itself (computed by the policy, publicationCapabilities):
 * pages and menus render from these flags only.
 */
export const publicationCapabilitiesSchema = z.object({
  /** /publications/{id}/studio: editors see every submission, authors their own. */
  canOpenStudio: z.boolean(),
  /** The whole review desk: approve, reject, schedule, unpublish. */
  canReview: z.boolean(),
  /** /publications/admin/{id}. */
  canOpenAdmin: z.boolean(),
  canEditProfile: z.boolean(),
  canManageCollections: z.boolean(),
  /** The newsletter settings, the newsletters list and its stats. */
  canManageNewsletters: z.boolean(),
  canManageContributors: z.boolean(),
  canChangeRoles: z.boolean(),
  canDelete: z.boolean(),
  canSubmitStories: z.boolean(),
});
export type PublicationCapabilities = z.infer<typeof publicationCapabilitiesSchema>;

/** GET /api/publications/{id}: SPEC §3 Publication; userRelation only when asked for (getUserRelation=true). */
export const publicationSchema = publicationSummarySchema.extend({
  description: z.string(),
  languageCode: z.string(),
  newsletterDescription: z.string().nullable(),
  backgroundImage: z.string().nullable(),
  hasNewsletters: z.boolean(),
  /** Epoch milliseconds (SPEC §3 createdTime). */
  createdTime: z.number(),
  /** The caller's relations (SPEC §3): 'admin' = owner, 'editor', 'author'; [] when none or signed out. */
  userRelation: z.array(z.enum(['admin', 'editor', 'author'])).optional(),
  /**
   * With getUserRelation: what the caller may do with a story of their own placed here (computed by
   * the policy; the story-settings dialog renders from it).
   */
  can: z
    .object({
      canPublishStories: z.boolean(),
      canScheduleStories: z.boolean(),
      submitsStoriesForReview: z.boolean(),
    })
    .optional(),
  /** With getUserRelation: what the caller may do with the publication itself. */
  capabilities: publicationCapabilitiesSchema.optional(),
});
export type Publication = z.infer<typeof publicationSchema>;

export const publicationQuerySchema = z.object({
  getUserRelation: z.enum(['true', 'false', '1', '0']).optional(),
});

/** A one-line field that must not be blank: a name (never a line break: it may end up in a mail header). */
const requiredLine = (message: string, max: number) =>
  singleLineText({ error: message }).min(1, message).max(max, `At most ${max} characters`);
/** A description: several lines allowed (a textarea), blank refused. */
const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/**
 * A publication's subdomain: lower-cased, with the form every address in the shared namespace has
 * (subdomainFormProblem). A reserved word is not a form problem here: like an address someone holds,
 * it is taken, and the service answers 409 'That subdomain is taken' (the contract of issue 10).
 */
const publicationSubdomainSchema = z
  .string()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = subdomainFormProblem(value);
    if (problem && !RESERVED_SUBDOMAINS.has(value)) ctx.addIssue({ code: 'custom', message: problem });
  });

/** POST /api/publications/create (SPEC §7): {name, image, description, subdomain, createdTime, languageCode}. */
export const createPublicationSchema = z.object({
  name: requiredLine(PUBLICATION_NAME_REQUIRED, PUBLICATION_NAME_MAX),
  image: imageUrlSchema.nullable().optional(),
  description: requiredText(PUBLICATION_DESCRIPTION_REQUIRED, PUBLICATION_DESCRIPTION_MAX),
  subdomain: z
    .string({ error: PUBLICATION_SUBDOMAIN_REQUIRED })
    .trim()
    .min(1, { message: PUBLICATION_SUBDOMAIN_REQUIRED, abort: true })
    // The lengths again here, where the OpenAPI document (and the typed client) can show them.
    .min(SUBDOMAIN_MIN, `Subdomain must be at least ${SUBDOMAIN_MIN} characters.`)
    .max(SUBDOMAIN_MAX, `Subdomain must be at most ${SUBDOMAIN_MAX} characters.`)
    .pipe(publicationSubdomainSchema),
  /** Sent by the SPEC's client; the server keeps its own clock. */
  createdTime: z.number().optional(),
  languageCode: languageCodeSchema.optional(),
});
export type CreatePublicationInput = z.infer<typeof createPublicationSchema>;

/** PATCH /api/publications/{id}: the profile fields; absent fields stay as they are. */
export const updatePublicationSchema = z.object({
  name: requiredLine(PUBLICATION_NAME_REQUIRED, PUBLICATION_NAME_MAX).optional(),
  image: imageUrlSchema.nullable().optional(),
  description: requiredText(PUBLICATION_DESCRIPTION_REQUIRED, PUBLICATION_DESCRIPTION_MAX).optional(),
  languageCode: languageCodeSchema.optional(),
  backgroundImage: imageUrlSchema.nullable().optional(),
});
export type UpdatePublicationInput = z.infer<typeof updatePublicationSchema>;

/** PATCH /api/publications/updateBackgroundImage (SPEC §7). */
export const updateBackgroundImageSchema = z.object({
  id: publicationIdSchema,
  /** The new background image; null (or absent) removes it. */
  backgroundImage: imageUrlSchema.nullable().default(null),
});

/** A publication member as the owners/editors/authors lists show them. */
export const publicationMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  subdomain: z.string().nullable(),
  /** Stored words (SPEC §3 Publication member userRole; the owner is 'publication_owner'). */
  userRole: z.enum(['publication_owner', 'publication_editor', 'publication_author']),
  /** Epoch milliseconds: when they joined. */
  joinedAt: z.number(),
});
export type PublicationMember = z.infer<typeof publicationMemberSchema>;

/** GET /api/publications/{id}/owners | /editors | /authors. */
export const ownersSchema = z.object({ owners: z.array(publicationMemberSchema) });
export const editorsSchema = z.object({ editors: z.array(publicationMemberSchema) });
export const authorsSchema = z.object({ authors: z.array(publicationMemberSchema) });

export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, {
  error: 'The role must be publication_author or publication_editor',
});

/** SPEC §5: exactly 36 characters after trimming, else 'Wrong user id!'; then it must be a user id. */
export const contributorIdSchema = z
  .string({ error: WRONG_USER_ID })
  .trim()
  .length(CONTRIBUTOR_ID_LENGTH, { message: WRONG_USER_ID, abort: true })
  // As userIdSchema, on this string itself so the OpenAPI document shows the format.
  .uuid('Not a user id');

/** POST /api/publications/addContributorByUserId {userId, publicationId, userRole}. */
export const addContributorSchema = z.object({
  userId: contributorIdSchema,
  publicationId: publicationIdSchema,
  userRole: assignableRoleSchema,
});
export type AddContributorInput = z.infer<typeof addContributorSchema>;

/** DELETE /api/publications/removeContributor?id={publicationId} with {authorId} (SPEC §7). */
export const removeContributorQuerySchema = z.object({ id: publicationIdSchema });
export const removeContributorSchema = z.object({ authorId: userIdSchema });

/** PATCH /api/publications/updateContributor?id={publicationId} with {userId, userRole} (SPEC §7). */
export const updateContributorQuerySchema = z.object({ id: publicationIdSchema });
export const updateContributorSchema = z.object({ userId: userIdSchema, userRole: assignableRoleSchema });

/** GET /api/publications/getRoleByUserId?userId&publicationId → {role} (null: not a member). */
export const roleQuerySchema = z.object({ userId: userIdSchema, publicationId: publicationIdSchema });
export const roleSchema = z.object({
  role: z.enum(['publication_owner', 'publication_editor', 'publication_author']).nullable(),
});

/** GET /api/publications?languageCode&lastKey&limit: the publication listing, newest first. */
export const publicationListQuerySchema = z.object({
  languageCode: languageCodeSchema.optional(),
  lastKey: uuidCursorParamSchema,
  limit: pageLimitSchema(12),
});
export const publicationListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  subdomain: z.string(),
  languageCode: z.string(),
  /** Published stories. */
  storyCount: z.number(),
  createdTime: z.number(),
});
export type PublicationListItem = z.infer<typeof publicationListItemSchema>;
export const publicationListSchema = z.object({
  publications: z.array(publicationListItemSchema),
  lastKey: z.string().nullable(),
});
export type PublicationList = z.infer<typeof publicationListSchema>;

// Collections (SPEC §7 "GET /collections/{id}?lastKey"; create, rename and delete are DESIGN's).

/** POST /api/collections/create {publicationId, name, description}. */
export const createCollectionSchema = z.object({
  publicationId: publicationIdSchema,
  name: requiredLine('Please enter a collection name', COLLECTION_NAME_MAX),
  description: singleLineText().max(COLLECTION_DESCRIPTION_MAX).optional(),
});
export type CreateCollectionInput = z.infer<typeof createCollectionSchema>;
/** PATCH /api/collections/{id} {name?, description?}. */
export const updateCollectionSchema = z.object({
  name: requiredLine('Please enter a collection name', COLLECTION_NAME_MAX).optional(),
  description: singleLineText().max(COLLECTION_DESCRIPTION_MAX).optional(),
});
export type UpdateCollectionInput = z.infer<typeof updateCollectionSchema>;
export const collectionSchema = collectionSummarySchema.extend({
  publicationId: z.string(),
  /** Published stories in it. */
  storyCount: z.number(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** POST /api/publications/addContributorByUserId and PATCH …/updateContributor answer. */
export const memberAnswerSchema = z.object({ member: publicationMemberSchema });
