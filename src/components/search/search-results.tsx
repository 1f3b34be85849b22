'use client';

// The stories found: the first page as the server rendered it, then "Load more" asks for the next
// offset (GET /api/posts/search?q&offset). A newer query remounts this list (the page keys it by q).
import { useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { LoadMore } from '@/components/hooks/load-more';
import { isAbortError, toErrorMessage } from '@/lib/api-client';
import type { SearchPage } from '@/server/modules/search/posts-search.schema';
import { fetchSearchPage } from './search-api';
import { SearchResultItem } from './search-result-item';
import styles from './search.module.css';

export function SearchResults({ q, firstPage }: { q: string; firstPage: SearchPage }) {
  const { showToast } = useToast();
  const [stories, setStories] = useState(firstPage.posts);
  const [nextOffset, setNextOffset] = useState(firstPage.nextOffset);
  const [loadingMore, setLoadingMore] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const loadMore = async () => {
    if (nextOffset === null || loadingMore) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setLoadingMore(true);
    try {
      const page = await fetchSearchPage(q, nextOffset, controller.signal);
      // A story published meanwhile can shift the offsets: never show one twice.
      setStories((shown) => {
        const seen = new Set(shown.map((story) => story.id));
        return [...shown, ...page.posts.filter((story) => !seen.has(story.id))];
      });
      setNextOffset(page.nextOffset);
    } catch (error) {
      if (!isAbortError(error)) showToast(toErrorMessage(error), 'error');
    } finally {
      if (inFlight.current === controller) setLoadingMore(false);
    }
  };

  if (stories.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>No stories match your search.</p>
        <p className={styles.muted}>Try fewer or other words, or a writer&apos;s name.</p>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.list} aria-label="Stories found">
        {stories.map((story) => (
          <li key={story.id}>
            <SearchResultItem story={story} />
          </li>
        ))}
      </ul>
      <LoadMore list={{ hasMore: nextOffset !== null, loadingMore, loadMore }} />
    </>
  );
}
