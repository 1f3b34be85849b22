import { z } from 'zod';
import { actorOf } from '../../auth/actor';
import { verifyPassword } from '../../auth/password';
import { can } from '../../auth/policy';
import { newUuid } from '../../lib/ids';
import { consumePendingSignup } from './signups.repository';
import { signUpTokenHash } from './signups.service';
import { emailSchema } from './users.schema';
import {
  findUserByEmail,
  findUserById,
  findUserIdByOauth,
  insertUser,
  linkOauthAccount,
} from './users.repository';
import type { UserRow } from './users.table';

/** A sign-in refusal; its message is shown to the person as is. */
export class AuthFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthFailure';
  }
}

export const AUTH_MESSAGES = {
  wrongCredentials: 'Wrong e-mail or password.',
  banned: 'Your account has been banned.',
  missingFields: 'E-mail and password are required.',
  // Sign-up is POST /api/users/signup: the same answer for every address (docs/decisions/027-sign-up-by-mail.md).
  signUpElsewhere: 'To create an account, use the sign-up form.',
  signUpLinkUsed: 'This sign-up link has expired or was already used. Please sign up again.',
  signUpLinkTaken: 'This e-mail already has an account. Please sign in.',
} as const;

const credentialsSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  mode: z.literal('signin').default('signin'),
});

/** The link of a sign-up mail, posted by the page it opens (src/app/(site)/signup/confirm). */
const confirmSchema = z.object({ mode: z.literal('confirm'), token: z.string().min(1).max(200) });

export type CredentialsInput = z.input<typeof credentialsSchema> | z.input<typeof confirmSchema>;

/**
 * The Credentials provider's work: sign in with e-mail and password, or (mode 'confirm') create the
 * account a sign-up mail's link stands for and sign in as it.
 */
export async function authenticateWithPassword(raw: unknown): Promise<UserRow> {
  const mode = (raw as { mode?: unknown } | null)?.mode;
  if (mode === 'signup') throw new AuthFailure(AUTH_MESSAGES.signUpElsewhere);
  if (mode === 'confirm') {
    const confirm = confirmSchema.safeParse(raw);
    if (!confirm.success) throw new AuthFailure(AUTH_MESSAGES.signUpLinkUsed);
    return confirmSignUp(confirm.data.token);
  }
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new AuthFailure(AUTH_MESSAGES.missingFields);
  const email = emailSchema.safeParse(parsed.data.email);
  if (!email.success) throw new AuthFailure('Please enter a valid email address.');
  return signIn(email.data, parsed.data.password);
}

async function signIn(email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok) throw new AuthFailure(AUTH_MESSAGES.wrongCredentials);
  if (!can(actorOf(user), 'session.start')) throw new AuthFailure(AUTH_MESSAGES.banned);
  return user;
}

/** A sign-up mail's link, used once: the account is made with what the sign-up stored. */
async function confirmSignUp(token: string): Promise<UserRow> {
  const signup = await consumePendingSignup(signUpTokenHash(token));
  if (!signup) throw new AuthFailure(AUTH_MESSAGES.signUpLinkUsed);
  const created = await insertUser({
    id: newUuid(),
    email: signup.email,
    passwordHash: signup.passwordHash,
    name: signup.name,
  });
  // Registered between the mail and the click (through Google, or another sign-up's link): only the
  // mailbox's owner holds this link, so saying so tells nobody else anything.
  if (!created) throw new AuthFailure(AUTH_MESSAGES.signUpLinkTaken);
  return created;
}

/**
 * First and later sign-ins through Google or Facebook: the linked account, else the account with
 * the same (provider-verified) e-mail, else a new account. Returns null for a banned user.
 */
export async function findOrCreateOauthUser(input: {
  provider: string;
  providerAccountId: string;
  email: string;
  name: string;
  image: string | null;
}): Promise<UserRow | null> {
  const linkedId = await findUserIdByOauth(input.provider, input.providerAccountId);
  let user = linkedId ? await findUserById(linkedId) : await findUserByEmail(input.email.toLowerCase());
  if (!user) {
    user =
      (await insertUser({
        id: newUuid(),
        email: input.email.toLowerCase(),
        name: input.name,
        image: input.image,
        ssoId: input.providerAccountId,
      })) ?? (await findUserByEmail(input.email.toLowerCase()));
  }
  if (!user) return null;
  if (!linkedId) await linkOauthAccount(input.provider, input.providerAccountId, user.id);
  return can(actorOf(user), 'session.start') ? user : null;
}

/** The account behind a next-auth session, read fresh on every request; undefined when it is gone. */
export async function findSessionUser(id: string): Promise<UserRow | undefined> {
  return findUserById(id);
}
