'use client';

// The signed-in user's name, picture, home address and publications, for the header's account menu:
// the account part of the page's one personal call (use-page-state.ts, decision 031).
import { useSyncExternalStore } from 'react';
import { askPageStateAgain, usePageState } from '@/components/viewer/use-page-state';
import type { UserProfile } from '@/server/modules/users/users.schema';
import type { PageState } from '@/server/modules/viewer/page-state.schema';

export type { UserProfile };

type Account = NonNullable<PageState['account']>;

export type MyProfileState = {
  profile: Pick<Account, 'id' | 'name' | 'image' | 'subdomain'> | null;
  publications: Account['publications'];
};

// A guest's, and a member's until the personal call has answered (the menu then uses the session's name).
const EMPTY: MyProfileState = { profile: null, publications: [] };

/** Home is /@{subdomain} when the user has one, else /me (SPEC §2). */
export function userHomePath(profile: Pick<UserProfile, 'subdomain'> | null): string {
  return profile?.subdomain ? `/@${profile.subdomain}` : '/me';
}

// A profile just saved (edit profile, onboarding) reaches every mounted menu at once, without a refetch;
// a publication just created makes them all ask again.
let savedProfile: UserProfile | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const notify = () => {
  for (const listener of listeners) listener();
};

/** Tells every useMyProfile() the profile as the server answered a PATCH. */
export function publishMyProfile(profile: UserProfile): void {
  savedProfile = profile;
  notify();
}

/** Makes every useMyProfile() ask for the user's publications again (one was just created). */
export function refreshMyPublications(): void {
  askPageStateAgain();
}

export function useMyProfile(): MyProfileState {
  const saved = useSyncExternalStore(
    subscribe,
    () => savedProfile,
    () => null,
  );
  const account = usePageState({ account: '1' })?.account;
  if (!account) return EMPTY;
  const { publications, ...profile } = account;
  return { profile: saved?.id === account.id ? saved : profile, publications };
}
