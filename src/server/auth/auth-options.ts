import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import FacebookProvider from 'next-auth/providers/facebook';
import GoogleProvider from 'next-auth/providers/google';
import { actorOf } from './actor';
import { authLogger } from './auth-logger';
import { can } from './policy';
import { signInSucceeded } from './sign-in-limits';
import { env } from '../lib/env';
import {
  authenticateWithPassword,
  findOrCreateOauthUser,
  findSessionUser,
} from '../modules/users/accounts.service';

function oauthProviders(): NextAuthOptions['providers'] {
  const providers: NextAuthOptions['providers'] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    providers.push(
      GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }),
    );
  }
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    providers.push(
      FacebookProvider({ clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET }),
    );
  }
  return providers;
}

// next-auth v4 (DESIGN §1): JWT sessions that carry only the user id; everything else in the
// session is read fresh from the database, so bans and role changes apply on the next request.
export const authOptions: NextAuthOptions = {
  secret: env.NEXTAUTH_SECRET,
  session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
  pages: { signIn: '/signin', error: '/signin' },
  providers: [
    CredentialsProvider({
      id: 'credentials',
      name: 'E-mail',
      credentials: {
        email: { label: 'Email', type: 'email' },
        password: { label: 'Password', type: 'password' },
        mode: { label: 'Mode', type: 'text' },
        token: { label: 'Sign-up link token', type: 'text' },
      },
      // A thrown error's message reaches the client as the `error` of signIn() (SPEC §8). A correct
      // sign-in takes back the failure the route counted in advance (sign-in-limits.ts).
      async authorize(credentials, req) {
        const user = await authenticateWithPassword(credentials ?? {});
        await signInSucceeded(
          credentials?.email,
          new Headers((req?.headers ?? {}) as Record<string, string>),
        );
        return { id: user.id, name: user.name, email: user.email, image: user.image };
      },
    }),
    ...oauthProviders(),
  ],
  // Every level and whatever /api/auth/_log is sent, as escaped lines (auth-logger.ts).
  logger: authLogger,
  callbacks: {
    async signIn({ user, account, profile }) {
      if (!account || account.provider === 'credentials') return true;
      const email = user.email ?? (profile as { email?: string } | undefined)?.email;
      if (!email) return '/signin?error=OAuthAccountNotLinked';
      const row = await findOrCreateOauthUser({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        email,
        name: user.name ?? email.split('@')[0]!,
        image: user.image ?? null,
      });
      if (!row) return '/signin?error=Banned';
      user.id = row.id; // the jwt callback below receives this same object
      return true;
    },
    async jwt({ token, user }) {
      if (user) token.uid = user.id;
      return token;
    },
    async session({ session, token }) {
      const row = token.uid ? await findSessionUser(token.uid) : undefined;
      // Throwing here makes next-auth answer an empty session and clear the cookie (DESIGN §5).
      if (!row || !can(actorOf(row), 'session.start')) {
        throw new Error('Session ended: the account is gone or banned');
      }
      session.user = {
        id: row.id,
        name: row.name,
        email: row.email,
        image: row.image,
        roles: row.roles,
        preferLanguageCode: row.preferLanguageCode,
        showOnboarding: row.showOnboarding,
        ssoId: row.ssoId,
        canOpenStaffArea: can(actorOf(row), 'staff.openArea'),
      };
      return session;
    },
  },
};
