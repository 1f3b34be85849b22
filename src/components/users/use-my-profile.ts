'use client';

// The signed-in user's profile (for the subdomain) and publications (for the user menu's sub-list).
import { useSession } from 'next-auth/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { fetchProfile } from '@/components/profile/profile-api';
import { getMyPublications } from '@/components/stories/story-api';
import type { UserProfile } from '@/server/modules/users/users.schema';
import type { PublicationSummary } from '@/server/modules/publications/publications.schema';

export type { UserProfile, PublicationSummary };

export type MyProfileState = {
  profile: UserProfile | null;
  publications: PublicationSummary[];
  /** True until both calls have answered (or failed). */
  loading: boolean;
};

const EMPTY: MyProfileState = { profile: null, publications: [], loading: false };

/** Home is /@{subdomain} when the user has one, else /me (SPEC §2). */
export function userHomePath(profile: Pick<UserProfile, 'subdomain'> | null): string {
  return profile?.subdomain ? `/@${profile.subdomain}` : '/me';
}

// A profile just saved (edit profile, onboarding) reaches every mounted menu at once, without a refetch;
// a publication just created makes them all fetch the user's publications again.
let savedProfile: UserProfile | null = null;
let publicationsRevision = 0;
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

/** Makes every useMyProfile() fetch the user's publications again (one was just created). */
export function refreshMyPublications(): void {
  publicationsRevision += 1;
  notify();
}

export function useMyProfile(): MyProfileState {
  const saved = useSyncExternalStore(
    subscribe,
    () => savedProfile,
    () => null,
  );
  const revision = useSyncExternalStore(
    subscribe,
    () => publicationsRevision,
    () => 0,
  );
  const { data: session, status } = useSession();
  // A session update() passes through 'loading' with the same user: keep the profile meanwhile.
  const userId = status === 'unauthenticated' ? null : (session?.user.id ?? null);
  const [state, setState] = useState<MyProfileState & { userId: string | null }>({ ...EMPTY, userId: null });

  // A new revision refetches while the menu keeps showing what it has.
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    const { signal } = controller;
    // Each call may fail on its own: the menu then falls back to /me and no publications.
    Promise.all([
      fetchProfile(userId, signal).catch(() => null),
      getMyPublications(userId, signal).catch(() => [] as PublicationSummary[]),
    ]).then(([profile, publications]) => {
      if (!signal.aborted) setState({ profile, publications, loading: false, userId });
    });
    return () => controller.abort();
  }, [userId, revision]);

  if (!userId) return EMPTY;
  if (state.userId !== userId) return { ...EMPTY, loading: true };
  if (saved?.id === userId) return { ...state, profile: saved };
  return state;
}
