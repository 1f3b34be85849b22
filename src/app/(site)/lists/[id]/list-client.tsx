'use client';

import { useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { MoreIcon } from '@/components/lists/list-icons';
import { ListStoryItem } from '@/components/lists/list-story-item';
import { getListPosts, type ListRef } from '@/components/lists/lists-api';
import { toErrorMessage } from '@/lib/api-client';
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
  const [posts, setPosts] = useState(initial.posts);
  const [lastKey, setLastKey] = useState(initial.lastKey);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const more = async () => {
    if (!lastKey || loading) return;
    setLoading(true);
    setError(null);
    try {
      const page = await getListPosts(listId, lastKey);
      setPosts((current) => [...current, ...page.posts.filter((p) => !current.some((c) => c.id === p.id))]);
      setLastKey(page.lastKey);
    } catch (failure) {
      setError(toErrorMessage(failure));
    } finally {
      setLoading(false);
    }
  };

  if (posts.length === 0 && !lastKey) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <section aria-label="Stories in this list">
      <ul className={styles.stories}>
        {posts.map((story) => (
          <li key={story.id}>
            <ListStoryItem story={story} />
          </li>
        ))}
      </ul>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {lastKey ? (
        <div className={styles.more}>
          <button
            type="button"
            className="button button-outline"
            onClick={more}
            disabled={loading}
            aria-busy={loading}
          >
            {loading ? 'Loading…' : 'Show more stories'}
          </button>
        </div>
      ) : null}
    </section>
  );
}
