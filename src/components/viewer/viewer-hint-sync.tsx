'use client';

import { useSession } from 'next-auth/react';
import { useEffect } from 'react';
import { MEMBER_COOKIE } from './viewer-hint';

const THIRTY_DAYS = 30 * 24 * 60 * 60;

/** Keeps the hint cookie and <html data-viewer> in step with the session (see viewer-hint.ts). */
export function ViewerHintSync() {
  const { status } = useSession();
  useEffect(() => {
    if (status === 'loading') return;
    const member = status === 'authenticated';
    document.documentElement.dataset.viewer = member ? 'member' : 'guest';
    document.cookie = member
      ? `${MEMBER_COOKIE}=1; path=/; max-age=${THIRTY_DAYS}; samesite=lax`
      : `${MEMBER_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }, [status]);
  return null;
}
