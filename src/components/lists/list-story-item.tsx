'use client';

// One story inside a list (Medium's list rows), with a Save button that opens save-to for it.
import { useDialog } from '@/components/dialogs/dialog-provider';
import { StoryListItem } from '@/components/stories/story-list-item';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import { BookmarkIcon } from './list-icons';
import styles from './list-story-item.module.css';

export function ListStoryItem({ story }: { story: StorySummary }) {
  const { openDialog } = useDialog();
  const title = story.title.trim() || 'Untitled story';
  return (
    <StoryListItem
      story={story}
      showAuthor
      heading="h2"
      action={
        <button
          type="button"
          className={styles.save}
          onClick={() => openDialog('save-to', { postId: story.id })}
          aria-label={`Save “${title}” to a list`}
          title="Save to list"
        >
          <BookmarkIcon size={20} />
        </button>
      }
    />
  );
}
