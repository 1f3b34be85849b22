'use client';

import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { api, call } from '@/lib/api-client';
import type { PageState, PageStateQuery } from '@/server/modules/viewer/page-state.schema';

// The reader's own part of a page everyone gets alike (decision 031): asked once per page and
// session, after the page, from GET /api/me/page-state. A guest asks nothing: nothing is theirs.
// Until it answers, the page shows what a guest sees; the controls it allows then appear in space
// the page keeps for them.

const asked = new Map<string, Promise<PageState>>();

function pageStateOf(query: PageStateQuery, sessionKey: string): Promise<PageState> {
  const key = `${sessionKey}|${query.writer ?? ''}|${query.publication ?? ''}`;
  let promise = asked.get(key);
  if (!promise) {
    promise = call(api.me['page-state'].$get({ query })) as Promise<PageState>;
    promise.catch(() => asked.delete(key)); // asked again next time
    asked.set(key, promise);
  }
  return promise;
}

/** The page's personal state for the signed-in reader; null for a guest and until it has come. */
export function usePageState(query: PageStateQuery): PageState | null {
  const { data, status } = useSession();
  const userId = status === 'authenticated' ? (data?.user?.id ?? null) : null;
  const { writer, publication } = query;
  const key = `${userId ?? ''}|${writer ?? ''}|${publication ?? ''}`;
  // Each answer is kept with what it was asked for: after a sign-out or another page's ask, the old
  // answer no longer counts.
  const [answer, setAnswer] = useState<{ key: string; state: PageState } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    pageStateOf({ writer, publication }, userId).then(
      (state) => current && setAnswer({ key, state }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [key, userId, writer, publication]);
  return userId && answer?.key === key ? answer.state : null;
}
