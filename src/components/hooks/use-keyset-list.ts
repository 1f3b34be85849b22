'use client';

// "Load more" over a keyset-paginated list (DESIGN §7, CONVENTIONS 8): the first page (from the
// server render, or fetched here), then the next page after `lastKey` on demand. A new `query`
// starts over; a newer request always wins over an older one still in flight; everything in
// flight is aborted on unmount.
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAbortError, toErrorMessage } from '@/lib/api-client';
import { useToast } from '@/components/ui/toast';
import type { Cursor } from '@/server/lib/cursor';

export type KeysetPage<Item> = { items: Item[]; lastKey: Cursor | null };

export type FetchPage<Item> = (
  lastKey: Cursor | null,
  options: { signal: AbortSignal; limit?: number },
) => Promise<KeysetPage<Item>>;

type Options<Item> = {
  /** The first page as the server rendered it; without it the hook fetches it. */
  initial?: KeysetPage<Item>;
  /** What is listed (e.g. the filters, as a string): a new value fetches the first page afresh. */
  query?: string;
  fetchPage: FetchPage<Item>;
};

type State<Item> = KeysetPage<Item> & {
  /** The query these items answer; another one means the first page is still loading. */
  query: string;
  /** Why the first page could not be loaded (nothing else to show then). */
  error: string | null;
};

/** The most rows a reload asks for at once (the API's page limit). */
const MAX_LIMIT = 50;

export function useKeysetList<Item extends { id: string }>({
  initial,
  query = '',
  fetchPage,
}: Options<Item>) {
  const { showToast } = useToast();
  const [state, setState] = useState<State<Item> | null>(initial ? { ...initial, query, error: null } : null);
  const [loadingMore, setLoadingMore] = useState(false);
  const latestFetch = useRef(fetchPage);
  useEffect(() => {
    latestFetch.current = fetchPage;
  });
  // One controller per request; starting a request aborts the one before it.
  const inFlight = useRef<AbortController | null>(null);
  const start = () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    return controller;
  };
  useEffect(() => () => inFlight.current?.abort(), []);

  const loadFirst = useCallback(
    async (limit?: number) => {
      const controller = start();
      try {
        const page = await latestFetch.current(null, { signal: controller.signal, limit });
        if (!controller.signal.aborted) setState({ ...page, query, error: null });
      } catch (failure) {
        if (controller.signal.aborted || isAbortError(failure)) return;
        setState({ items: [], lastKey: null, query, error: toErrorMessage(failure) });
      }
    },
    [query],
  );

  // The first page: fetched when the server did not give it, and again for every new query.
  const givenFor = useRef(initial ? query : null);
  useEffect(() => {
    if (givenFor.current === query) return;
    givenFor.current = null;
    void loadFirst();
  }, [query, loadFirst]);

  const current = state?.query === query ? state : null;

  const loadMore = useCallback(async () => {
    if (!current?.lastKey || loadingMore) return;
    const controller = start();
    setLoadingMore(true);
    try {
      const page = await latestFetch.current(current.lastKey, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setState((shown) =>
        shown && shown.query === query
          ? {
              ...shown,
              // A row that moved between pages (a story just pinned or edited) is shown once.
              items: [...shown.items, ...page.items.filter((p) => !shown.items.some((s) => s.id === p.id))],
              lastKey: page.lastKey,
            }
          : shown,
      );
    } catch (failure) {
      if (!controller.signal.aborted && !isAbortError(failure)) showToast(toErrorMessage(failure));
    } finally {
      setLoadingMore(false);
    }
  }, [current, loadingMore, query, showToast]);

  /** The same rows again, fresh (after an action changed some): as many as are shown now. */
  const shown = current?.items.length ?? 0;
  const reload = useCallback(
    () => loadFirst(shown > 0 ? Math.min(MAX_LIMIT, shown) : undefined),
    [loadFirst, shown],
  );

  return {
    /** null while the first page of this query is loading. */
    items: current?.items ?? null,
    hasMore: Boolean(current?.lastKey),
    error: current?.error ?? null,
    loadingMore,
    loadMore,
    /** Fetches the first page again (a retry after an error). */
    retry: () => loadFirst(),
    reload,
  };
}
