import type { DefaultSession } from 'next-auth';

// SPEC §3 session user: id, image, roles, preferLanguageCode, showOnboarding, ssoId.
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  roles: string[];
  preferLanguageCode: string;
  showOnboarding: boolean;
  ssoId: string | null;
  /** The user menu's "Staff area" link (issue 13): site editors and admins, from the policy. */
  canOpenStaffArea: boolean;
};

declare module 'next-auth' {
  interface Session {
    user: SessionUser & DefaultSession['user'];
  }
}

declare module 'next-auth/jwt' {
  interface JWT {
    uid?: string;
  }
}
