'use client';

// One of the studio's lists (Under review, Scheduled or Published), a page at a time with "Load
// more" (keyset cursor). The first page comes from the server render; after an action the same rows
// are fetched again, so a story that was approved, scheduled or rejected leaves the list.
import Link from '@/components/ui/link';
import { useCallback } from 'react';
import { ListError } from '@/components/hooks/list-error';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList, type KeysetPage } from '@/components/hooks/use-keyset-list';
import { listQueue, type StorySummary } from './queue-api';
import { QueueRow } from './queue-row';
import { emptyText, TAB_LABEL, type QueueTab } from './queue-tabs';
import rows from '@/components/studio/story-rows.module.css';
import styles from './publication-studio.module.css';

type Props = {
  publicationId: string;
  publicationName: string;
  tab: QueueTab;
  initial: KeysetPage<StorySummary>;
  pageSize: number;
  /** The caller runs the review desk (publication canReview), or sees only their own submissions. */
  reviews: boolean;
  collectionNames: Record<string, string>;
  returnPath: string;
};

export function QueueList({
  publicationId,
  publicationName,
  tab,
  initial,
  pageSize,
  reviews,
  collectionNames,
  returnPath,
}: Props) {
  const list = useKeysetList({
    initial,
    query: tab,
    fetchPage: (lastKey, { signal, limit }) =>
      listQueue(publicationId, tab, { lastKey, limit: Math.max(limit ?? 0, pageSize), signal }),
  });
  const { reload } = list;
  const refresh = useCallback(() => void reload(), [reload]);
  const stories = list.items;

  if (list.error) {
    return <ListError list={list} className={styles.empty} />;
  }
  if (stories === null) {
    return (
      <p className={styles.loading} role="status">
        Loading…
      </p>
    );
  }
  if (stories.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{emptyText(tab, reviews, publicationName)}</p>
        {tab === 'pending' && !reviews ? (
          <Link href="/stories/new-story" className="button button-primary">
            Write a story
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <ul className={rows.list} aria-label={`${TAB_LABEL[tab]} stories`}>
        {stories.map((story) => (
          <QueueRow
            key={story.id}
            story={story}
            tab={tab}
            collectionName={story.collectionId ? collectionNames[story.collectionId] : undefined}
            onChanged={refresh}
            returnPath={returnPath}
          />
        ))}
      </ul>
      <LoadMore list={list} />
    </>
  );
}
