'use client';

import { useSession } from 'next-auth/react';
import { useEffect } from 'react';
import { memberHintCookie } from '@/lib/member-hint';

/** Keeps the hint cookie and <html data-viewer> in step with the session (see viewer-hint.ts). */
export function ViewerHintSync() {
  const { status } = useSession();
  useEffect(() => {
    if (status === 'loading') return;
    const member = status === 'authenticated';
    document.documentElement.dataset.viewer = member ? 'member' : 'guest';
    document.cookie = memberHintCookie(member);
  }, [status]);
  return null;
}
