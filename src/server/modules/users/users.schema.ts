import { z } from 'zod';
import { subdomainFormProblem } from '../subdomains/reserved-subdomains';

// The profile form and onboarding validate with these (pure: client components import this file).
export { SUBDOMAIN_MAX, SUBDOMAIN_MIN, subdomainFormProblem } from '../subdomains/reserved-subdomains';
export const USER_NAME_MAX = 80;
export const USER_BIO_MAX = 500;
export const USER_NAME_BLANK = 'Please enter your name.';

export const userIdSchema = z.string().uuid('Not a user id');

/**
 * The shape of an image URL: one of our own uploads ("/uploads/…") or an absolute http(s) address (the
 * S3 bucket's). Whether this platform really issued it is the service's check (assertIssuedImageUrl).
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value.startsWith('/uploads/') || /^https?:\/\/[^\s]+$/i.test(value), {
    message: 'Must be an image address',
  });

export const subdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = subdomainFormProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const languageCodeSchema = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Not a language code');

// PATCH /api/users/{id}. SPEC §7 sends {id, showOnboarding, name, image, description, subdomain};
// preferLanguageCode may be set too. Any other field is dropped (zod strips unknown keys).
export const updateUserSchema = z.object({
  id: userIdSchema.optional(),
  name: z.string().trim().min(1, USER_NAME_BLANK).max(USER_NAME_MAX).optional(),
  image: imageUrlSchema.nullable().optional(),
  description: z.string().trim().max(USER_BIO_MAX).optional(),
  subdomain: subdomainSchema.nullable().optional(),
  showOnboarding: z.boolean().optional(),
  preferLanguageCode: languageCodeSchema.optional(),
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
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .email('Please enter a valid email address.');
