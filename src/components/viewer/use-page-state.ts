'use client';

import { useSession } from 'next-auth/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api, call } from '@/lib/api-client';
import type { PageState, PageStateQuery } from '@/server/modules/viewer/page-state.schema';

// The reader's own part of a page everyone gets alike (decision 031): asked once per page,
// after the page, from GET /api/me/page-state. A guest asks nothing: nothing is theirs.
// Until it answers, the page shows what a guest sees; the controls it allows then appear in space
// the page keeps for them.
//
// One call per page: the parts that ask while a page mounts (the header's account menu, a writer's
// home, a publication's member links) are gathered until the mount is done and asked together.

type Waiting = { resolve: (state: PageState) => void; reject: (error: unknown) => void };
type Gathering = { userId: string; query: PageStateQuery; waiting: Waiting[] };

const asked = new Map<string, Promise<PageState>>();
let gathering: Gathering | null = null;
// Bumped when what was asked may have changed (a publication created): every part asks again.
let revision = 0;
const listeners = new Set<() => void>();

// The follow parts (decision 052): a writer's, a publication's and a tag's follow button.
const FOLLOW_PARTS = ['followUser', 'followPublication', 'followTag'] as const;

const keyOf = (userId: string, query: PageStateQuery) =>
  `${userId}|${query.writer ?? ''}|${query.publication ?? ''}|${query.story ?? ''}|${query.account ?? ''}|${FOLLOW_PARTS.map((part) => query[part] ?? '').join('|')}`;

/** Two asks fit in one call unless they name different writers, publications, stories or follows. */
const fits = (a: PageStateQuery, b: PageStateQuery) =>
  (['writer', 'publication', 'story', ...FOLLOW_PARTS] as const).every(
    (part) => !a[part] || !b[part] || a[part] === b[part],
  );

function send(batch: Gathering) {
  if (gathering === batch) gathering = null;
  (call(api.me['page-state'].$get({ query: batch.query })) as Promise<PageState>).then(
    (state) => batch.waiting.forEach((waiting) => waiting.resolve(state)),
    (error: unknown) => batch.waiting.forEach((waiting) => waiting.reject(error)),
  );
}

function pageStateOf(query: PageStateQuery, userId: string): Promise<PageState> {
  const key = keyOf(userId, query);
  let promise = asked.get(key);
  if (!promise) {
    promise = new Promise<PageState>((resolve, reject) => {
      if (!gathering || gathering.userId !== userId || !fits(gathering.query, query)) {
        const batch: Gathering = { userId, query: {}, waiting: [] };
        gathering = batch;
        // After the effects of this commit have all asked: the header's and the page's together.
        queueMicrotask(() => send(batch));
      }
      Object.assign(gathering.query, Object.fromEntries(Object.entries(query).filter(([, v]) => v)));
      gathering.waiting.push({ resolve, reject });
    });
    // Only asks made together share an answer: a part mounted later (another page) asks afresh.
    void promise.then(
      () => asked.delete(key),
      () => asked.delete(key),
    );
    asked.set(key, promise);
  }
  return promise;
}

/** Makes every part ask again (what it was told may be out of date). */
export function askPageStateAgain(): void {
  asked.clear();
  revision += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page's personal state for the signed-in reader; null for a guest and until it has come. */
export function usePageState(query: PageStateQuery): PageState | null {
  const { data, status } = useSession();
  // A session update() passes through 'loading' with the same user: keep the answer meanwhile.
  const userId = status === 'unauthenticated' ? null : (data?.user?.id ?? null);
  const asking = useSyncExternalStore(
    subscribe,
    () => revision,
    () => 0,
  );
  const { writer, publication, story, account, followUser, followPublication, followTag } = query;
  const asks = keyOf(userId ?? '', {
    writer,
    publication,
    story,
    account,
    followUser,
    followPublication,
    followTag,
  });
  const key = `${asks}|${asking}`;
  // Each answer is kept with what it was asked for: after a sign-out or another page's ask, the old
  // answer no longer counts (an answer asked again replaces it when it comes).
  const [answer, setAnswer] = useState<{ key: string; state: PageState } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    pageStateOf(
      { writer, publication, story, account, followUser, followPublication, followTag },
      userId,
    ).then(
      (state) => current && setAnswer({ key, state }),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [key, userId, writer, publication, story, account, followUser, followPublication, followTag]);
  if (!userId || !answer) return null;
  // While a part asks again, it keeps what it had for the same reader and page.
  return answer.key.startsWith(`${asks}|`) ? answer.state : null;
}
