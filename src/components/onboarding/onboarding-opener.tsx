'use client';

import { useSession } from 'next-auth/react';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { isOnboardingDismissed } from './onboarding-state';

/** Pages where the onboarding would be in the way: the profile form itself does the same job. */
const QUIET_PATHS = ['/authors/edit-profile'];

/**
 * SPEC §4: the onboarding opens by itself when the session user has showOnboarding true — once
 * per page load, when no other dialog is open, unless the user closed it in this tab ("not now").
 */
export function OnboardingOpener() {
  const { data: session, status } = useSession();
  const { key, openDialog } = useDialog();
  const pathname = usePathname();
  const opened = useRef(false);
  const userId = status === 'authenticated' ? session.user.id : null;
  const wanted = status === 'authenticated' && session.user.showOnboarding === true;

  useEffect(() => {
    if (opened.current || !wanted || !userId || key !== null) return;
    if (QUIET_PATHS.includes(pathname ?? '') || isOnboardingDismissed(userId)) return;
    opened.current = true;
    openDialog('onboard-profile', {});
  }, [wanted, userId, key, pathname, openDialog]);

  return null;
}
