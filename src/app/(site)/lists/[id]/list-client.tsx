'use client';

import { useDialog } from '@/components/dialogs/dialog-provider';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { MoreIcon } from '@/components/lists/list-icons';
import { ListStoryItem } from '@/components/lists/list-story-item';
import { getListPosts, type ListRef } from '@/components/lists/lists-api';
import { storyKeysetPage } from '@/components/stories/story-api';
import type { StoryPage } from '@/server/modules/posts/posts.schema';
import styles from './list.module.css';

/** The owner's entry to list-settings (edit or create a list, SPEC §2). */
export function ListSettingsButton({ list }: { list: ListRef }) {
  const { openDialog } = useDialog();
  return (
    <button
      type="button"
      className={`button button-outline button-small ${styles.settings}`}
      onClick={() => openDialog('list-settings', { list })}
    >
      <MoreIcon size={18} />
      List settings
    </button>
  );
}

/** The list's stories: the first page from the server, later pages by lastKey (DESIGN §7). */
export function ListStories({
  listId,
  initial,
  emptyText,
}: {
  listId: string;
  initial: StoryPage;
  emptyText: string;
}) {
  const list = useKeysetList({
    initial: storyKeysetPage(initial),
    fetchPage: (lastKey, { signal }) => getListPosts(listId, lastKey, signal).then(storyKeysetPage),
  });
  const posts = list.items ?? [];

  if (posts.length === 0 && !list.hasMore) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <section aria-label="Stories in this list">
      <ul className={styles.stories}>
        {posts.map((story) => (
          <li key={story.id}>
            <ListStoryItem story={story} />
          </li>
        ))}
      </ul>
      <LoadMore list={list} label="Show more stories" />
    </section>
  );
}
