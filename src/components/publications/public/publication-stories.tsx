'use client';

// The publication page's stories: the first page as the server rendered it, then "Load more" after
// the last one (keyset, GET /api/posts/publications/{id}?collectionId&lastKey). The page remounts
// this per collection tab, with that tab's first page.
import type { ReactNode } from 'react';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { StoryListItem } from '@/components/stories/story-list-item';
import type { StoryPage } from '@/server/modules/posts/posts.schema';
import { fetchPublicationStories } from './publications-public-api';
import styles from './publication-home.module.css';

type PublicationStoriesProps = {
  publicationId: string;
  collectionId: string | null;
  firstPage: StoryPage;
  pageSize: number;
  /** Shown instead of the list when the publication (or the collection) has no story yet. */
  empty: ReactNode;
};

export function PublicationStories({
  publicationId,
  collectionId,
  firstPage,
  pageSize,
  empty,
}: PublicationStoriesProps) {
  const list = useKeysetList({
    initial: { items: firstPage.posts, lastKey: firstPage.lastKey },
    fetchPage: (lastKey, { signal }) =>
      fetchPublicationStories(publicationId, { collectionId, lastKey, limit: pageSize }, signal),
  });
  const stories = list.items ?? [];

  if (stories.length === 0) return <div className={styles.empty}>{empty}</div>;
  return (
    <>
      {stories.map((story) => (
        // On its own publication's page, "in {publication}" under every story would say nothing.
        <StoryListItem key={story.id} story={{ ...story, publication: null }} showAuthor heading="h3" />
      ))}
      <LoadMore list={list} compact />
    </>
  );
}
