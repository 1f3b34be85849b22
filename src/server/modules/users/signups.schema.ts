import { z } from 'zod';
import { singleLineText } from '../../lib/plain-text';
import { emailSchema, USER_NAME_MAX } from './users.schema';

// POST /api/users/signup (docs/decisions/027-sign-up-by-mail.md). Pure: the sign-up form imports it.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const PASSWORD_MESSAGES = {
  short: `Password must be at least ${PASSWORD_MIN} characters long.`,
  long: `Password must be at most ${PASSWORD_MAX} characters long.`,
  mixed: 'Password must contain letters and numbers.',
} as const;

/**
 * A new password: the rules as schema keywords, so the OpenAPI document states them. "Letters and
 * numbers" is written without lookaheads (a letter before a digit, or a digit before a letter):
 * example generators build strings from a pattern and cannot satisfy `(?=…)`, so a client made
 * from the document would send passwords the server refuses.
 */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.short)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.long)
  .regex(/^.*([A-Za-z].*[0-9]|[0-9].*[A-Za-z]).*$/, PASSWORD_MESSAGES.mixed);

export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  /** Shown on the account; the e-mail's local part when left out. */
  name: singleLineText().min(1).max(USER_NAME_MAX).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The one answer to every sign-up, whether the address is new or registered. */
export const SIGN_UP_CHECK_INBOX =
  'Check your inbox: we sent you a link to finish signing up. It works for 24 hours.';

export const signUpAnswerSchema = z.object({ message: z.literal(SIGN_UP_CHECK_INBOX) });
