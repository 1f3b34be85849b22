import { z } from 'zod';
import { actorOf } from '../../auth/actor';
import { hashPassword, passwordWeakness, verifyPassword } from '../../auth/password';
import { can } from '../../auth/policy';
import { newUuid } from '../../lib/ids';
import { hasControlCharacter } from '../../lib/safe-string';
import { emailSchema, USER_NAME_MAX } from './users.schema';
import {
  findUserByEmail,
  findUserById,
  findUserIdByOauth,
  insertUser,
  linkOauthAccount,
} from './users.repository';
import type { UserRow } from './users.table';

/** A sign-in or sign-up refusal; its message is shown to the person as is. */
export class AuthFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthFailure';
  }
}

export const AUTH_MESSAGES = {
  wrongCredentials: 'Wrong e-mail or password.',
  emailTaken: 'This e-mail is already registered.',
  banned: 'Your account has been banned.',
  missingFields: 'E-mail and password are required.',
} as const;

const credentialsSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  mode: z.enum(['signin', 'signup']).default('signin'),
  name: z.string().trim().max(USER_NAME_MAX).optional(),
});

export type CredentialsInput = z.input<typeof credentialsSchema>;

/** The Credentials provider's work: sign in, or create the account then sign in (mode 'signup'). */
export async function authenticateWithPassword(raw: unknown): Promise<UserRow> {
  const parsed = credentialsSchema.safeParse(raw);
  if (!parsed.success) throw new AuthFailure(AUTH_MESSAGES.missingFields);
  const { password, mode, name } = parsed.data;
  if (name && hasControlCharacter(name))
    throw new AuthFailure('Please enter a name without control characters.');
  const email = emailSchema.safeParse(parsed.data.email);
  if (!email.success) throw new AuthFailure('Please enter a valid email address.');
  return mode === 'signup' ? signUp(email.data, password, name) : signIn(email.data, password);
}

async function signIn(email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash);
  if (!user || !ok) throw new AuthFailure(AUTH_MESSAGES.wrongCredentials);
  if (!can(actorOf(user), 'session.start')) throw new AuthFailure(AUTH_MESSAGES.banned);
  return user;
}

async function signUp(email: string, password: string, name: string | undefined): Promise<UserRow> {
  const weakness = passwordWeakness(password);
  if (weakness) throw new AuthFailure(weakness);
  const created = await insertUser({
    id: newUuid(),
    email,
    passwordHash: await hashPassword(password),
    name: name || email.split('@')[0]!,
  });
  if (!created) throw new AuthFailure(AUTH_MESSAGES.emailTaken);
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
