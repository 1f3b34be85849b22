import { z } from 'zod';
import { singleLineText } from '../../lib/plain-text';
import { timezoneSchema } from '../../lib/time-zones';
import { subdomainFormProblem } from '../subdomains/reserved-subdomains';

// The profile form and onboarding validate with these (pure: client components import this file).
export { SUBDOMAIN_MAX, SUBDOMAIN_MIN, subdomainFormProblem } from '../subdomains/reserved-subdomains';
export const USER_NAME_MAX = 80;
export const USER_BIO_MAX = 500;
export const USER_NAME_BLANK = 'Please enter your name.';

export const userIdSchema = z.string().uuid('Not a user id');

/**
 * An http(s) address as a pattern the OpenAPI document states (docs/decisions/028-openapi-contract.md):
 * a host of letters, digits, dots and dashes, an optional port, then URL characters only; what
 * URL.canParse takes, and nothing the story sanitiser (safeImageSrc) would refuse.
 */
const HTTP_ADDRESS = String.raw`https?://[A-Za-z0-9][A-Za-z0-9.-]{0,252}(:(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?([/?#][A-Za-z0-9._~!$&()*+,;=:@%/?#-]*)?`;

/**
 * An image this platform issued: the fileUrl of an upload — "/uploads/{32 hex}.webp", or an http(s)
 * address of the S3 bucket when uploads go there. The shape is the pattern; whether such an upload
 * exists is the service's check (assertIssuedImageUrl), answered 404 when none does.
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .regex(new RegExp(`^(/uploads/[0-9a-f]{32}\\.webp|${HTTP_ADDRESS})$`), 'Must be an image address')
  .describe('The fileUrl of an image uploaded here (GET /api/images/get_presigned_url, then the upload)');

/** Any image address a story may show: one of our uploads, or an http(s) image elsewhere. */
export const storyImageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .regex(
    new RegExp(`^(/uploads/[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*|${HTTP_ADDRESS})$`),
    'Must be an http(s) or /uploads/ image address',
  );

export const subdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = subdomainFormProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const languageCodeSchema = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Not a language code');

/** The digest's hours: 0–23, on the hour, in the reader's time zone. */
export const DIGEST_HOUR_MIN = 0;
export const DIGEST_HOUR_MAX = 23;

const digestHourSchema = z
  .number()
  .int()
  .min(DIGEST_HOUR_MIN)
  .max(DIGEST_HOUR_MAX)
  .describe('The hour (0–23) your daily digest arrives, in `timeZone` (7 by default)');

const notificationKindFields = {
  follower: z.boolean().describe('A new follower'),
  response: z.boolean().describe('A response to one of your stories'),
  reply: z.boolean().describe('A reply to one of your responses'),
  storyApproved: z.boolean().describe('Your story approved in a publication'),
  storyRejected: z.boolean().describe('Your story rejected in a publication'),
  mention: z.boolean().describe('A mention of you by @handle in a response'),
  digest: z.boolean().describe('The daily e-mail digest of your unread notifications (off by default)'),
  digestHour: digestHourSchema,
};

/**
 * The reader's notification settings (issue 25; docs/decisions/055-notifications.md): each kind of
 * in-app notification on or off, and the daily e-mail digest with its hour in the reader's time zone.
 * The answer to one's own PATCH /api/users/{id}, and GET /api/notifications/settings, carry all of them.
 */
export const notificationSettingsSchema = z
  .object({
    ...notificationKindFields,
    timeZone: z
      .string()
      .describe('The IANA time zone of `digestHour`, e.g. Europe/Oslo (UTC for a reader who never chose)'),
  })
  .strict()
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** In PATCH /api/users/{id} every field is optional; only those sent change. */
export const notificationSettingsChangesSchema = z
  .object({
    ...notificationKindFields,
    timeZone: timezoneSchema.describe(
      'The IANA time zone of `digestHour`, e.g. Europe/Oslo (the browser’s: Intl.DateTimeFormat().resolvedOptions().timeZone); one the database does not know answers 422',
    ),
  })
  .partial()
  .strict();
export type NotificationSettingsChanges = z.infer<typeof notificationSettingsChangesSchema>;

// PATCH /api/users/{id}. SPEC §7 sends {id, showOnboarding, name, image, description, subdomain};
// preferLanguageCode may be set too. Any other field is dropped (zod strips unknown keys).
export const updateUserSchema = z.object({
  id: userIdSchema.optional(),
  name: singleLineText().min(1, USER_NAME_BLANK).max(USER_NAME_MAX).optional(),
  image: imageUrlSchema.nullable().optional(),
  description: z.string().trim().max(USER_BIO_MAX).optional(),
  subdomain: subdomainSchema.nullable().optional(),
  showOnboarding: z.boolean().optional(),
  preferLanguageCode: languageCodeSchema.optional(),
  notifications: notificationSettingsChangesSchema
    .optional()
    .describe('Your notification settings: only the fields sent change'),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const userProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  subdomain: z.string().nullable(),
  showOnboarding: z.boolean(),
  preferLanguageCode: z.string(),
  status: z.enum(['active', 'banned']),
  /** Only in the answer to one's own PATCH: private to the user. */
  notifications: notificationSettingsSchema.optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .email('Please enter a valid email address.');
