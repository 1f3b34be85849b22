'use client';

// The home page's latest stories in the reader's language: the first page as the server rendered
// it, then the next one each time the reader nears the end (keyset, lastKeys), with a button for
// readers without scrolling (or when the observer is not supported).
import { useEffect, useRef } from 'react';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { StoryListItem } from '@/components/stories/story-list-item';
import { Button } from '@/components/ui/button';
import type { StoryPage } from '@/server/modules/posts/posts.schema';
import { fetchLatestStories } from './home-api';
import styles from './home-feeds.module.css';

type LatestStoriesProps = { languageCode: string; firstPage: StoryPage };

export function LatestStories({ languageCode, firstPage }: LatestStoriesProps) {
  const list = useKeysetList({
    initial: { items: firstPage.posts, lastKey: firstPage.lastKey },
    query: languageCode,
    fetchPage: (lastKey, { signal }) => fetchLatestStories(languageCode, lastKey, signal),
  });
  const stories = list.items ?? [];
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(list.loadMore);
  useEffect(() => {
    loadMore.current = list.loadMore;
  });

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !list.hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [list.hasMore, stories.length]);

  if (stories.length === 0) {
    return <p className={styles.empty}>No stories in this language yet.</p>;
  }
  return (
    <div data-testid="latest-stories">
      {stories.map((story) => (
        <StoryListItem key={story.id} story={story} showAuthor heading="h3" dateLocale={languageCode} />
      ))}
      {list.hasMore ? (
        <div ref={sentinel} className={styles.more}>
          <Button variant="outline" onClick={list.loadMore} busy={list.loadingMore} busyLabel="Loading…">
            More stories
          </Button>
        </div>
      ) : null}
    </div>
  );
}
