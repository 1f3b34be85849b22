import { hashPassword } from '@/server/auth/password';
import type { Db } from '@/server/db/client';
import { subdomains, users, type NewUserRow, type UserRow } from '@/server/db/schema';
import { newUuid } from '@/server/lib/ids';

export const DEFAULT_TEST_PASSWORD = 'correct-horse-42';

/** A short unique suffix for e-mails, subdomains and slugs (unique across runs on a shared PostgreSQL). */
export const uniqueSuffix = (): string => newUuid().replace(/-/g, '').slice(0, 10);

// scrypt costs ~50 ms a call: hash each distinct test password once per process.
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string): Promise<string> => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export type CreateUserInput = Partial<Omit<NewUserRow, 'passwordHash'>> & {
  /** Plain password to hash; null makes an account without one (OAuth only). */
  password?: string | null;
};

/** Inserts a user (a plain writer unless `roles` says otherwise); returns the row and its plain password. */
export async function createUser(
  db: Db,
  input: CreateUserInput = {},
): Promise<UserRow & { password: string | null }> {
  const { password = DEFAULT_TEST_PASSWORD, ...overrides } = input;
  const suffix = uniqueSuffix();
  const [row] = await db
    .insert(users)
    .values({
      id: newUuid(),
      email: `writer-${suffix}@example.test`,
      name: `Writer ${suffix.slice(0, 4)}`,
      subdomain: `writer-${suffix}`,
      showOnboarding: false,
      ...overrides,
      passwordHash: password == null ? null : await hashOnce(password),
    })
    .returning();
  // The shared namespace of DESIGN §2 (users and publications) is claimed in `subdomains`.
  if (row.subdomain) await db.insert(subdomains).values({ subdomain: row.subdomain, userId: row.id });
  return { ...row, password };
}
