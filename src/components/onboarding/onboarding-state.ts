'use client';

// What the three onboarding dialogs share (SPEC §2 Onboarding, §4): the profile being filled in,
// the save that sends SPEC's whole profile object, Skip, and "not now" for this browser tab.
import { useSession } from 'next-auth/react';
import { useCallback, useEffect, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { fetchProfile, saveProfile, type ProfileUpdate } from '@/components/profile/profile-api';
import { publishMyProfile, type UserProfile } from '@/components/users/use-my-profile';
import { useMutation } from '@/components/hooks/use-mutation';
import { toErrorMessage } from '@/lib/api-client';

export type { OnboardingProps } from './onboarding-types';

const DISMISSED_KEY = 'lamplight:onboarding-dismissed';

/** Closing the dialog (not Skip) means "not now": it stays closed in this tab until the next visit. */
export function dismissOnboardingForNow(userId: string): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, userId);
  } catch {
    /* storage may be off: the dialog then simply opens again on the next page load */
  }
}

export function isOnboardingDismissed(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === userId;
  } catch {
    return false;
  }
}

/** The profile given by the previous step, or loaded for the session user on first open. */
export function useOnboardingProfile(given: UserProfile | undefined) {
  const { data: session } = useSession();
  const userId = session?.user.id ?? null;
  const [loaded, setLoaded] = useState<UserProfile | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (given || !userId) return;
    const controller = new AbortController();
    fetchProfile(userId, controller.signal).then(setLoaded, (e: unknown) => {
      if (!controller.signal.aborted) setError(toErrorMessage(e));
    });
    return () => controller.abort();
  }, [given, userId]);

  return { profile: given ?? loaded, error };
}

/**
 * Saves the profile (SPEC §7: {id, showOnboarding, name, image, description, subdomain}) with the
 * busy flag; resolves to the saved profile, or undefined when it failed (the error is shown).
 */
export function useOnboardingSave() {
  const { update } = useSession();
  const { run, busy } = useMutation(
    async (profile: UserProfile, changes: Partial<Omit<ProfileUpdate, 'id'>>) => {
      const saved = await saveProfile({
        id: profile.id,
        showOnboarding: profile.showOnboarding,
        name: profile.name,
        image: profile.image,
        description: profile.description ?? '',
        subdomain: profile.subdomain,
        ...changes,
      });
      publishMyProfile(saved);
      // The session carries name, photo and showOnboarding: refresh it so the header follows.
      void update();
      return saved;
    },
  );
  return { save: run, busy };
}

/** Skip (any step): showOnboarding becomes false and the dialog closes for good. */
export function useSkipOnboarding(profile: UserProfile | null) {
  const { save } = useOnboardingSave();
  const { closeDialog } = useDialog();
  return useCallback(async () => {
    if (!profile) return;
    const saved = await save(profile, { showOnboarding: false });
    if (saved) closeDialog();
  }, [profile, save, closeDialog]);
}
