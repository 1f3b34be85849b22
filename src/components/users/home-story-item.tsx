// One story on a user's home: the byline only for someone else's story (a pinned one), a "Pinned"
// label, and for the owner a Pin / Unpin button.
import { StoryListItem } from '@/components/stories/story-list-item';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import styles from './user-home.module.css';

type HomeStoryItemProps = {
  story: StorySummary;
  /** The home's owner: a byline is shown only for stories of other authors (pinned ones). */
  ownerId: string;
  pinned?: boolean;
  /** Shown to the owner only. */
  onTogglePin?: () => void;
  pinBusy?: boolean;
};

export function HomeStoryItem({ story, ownerId, pinned, onTogglePin, pinBusy }: HomeStoryItemProps) {
  const title = story.title.trim() || 'Untitled story';
  return (
    <StoryListItem
      story={story}
      showAuthor={story.author.id !== ownerId}
      heading="h3"
      data-pinned={pinned}
      label={
        pinned ? (
          <>
            <PinIcon /> Pinned
          </>
        ) : null
      }
      action={
        onTogglePin ? (
          <button
            type="button"
            className={`button button-ghost button-small ${styles.pinButton}`}
            onClick={onTogglePin}
            disabled={pinBusy}
            aria-label={`${pinned ? 'Unpin' : 'Pin'} “${title}”`}
          >
            <PinIcon />
            {pinned ? 'Unpin' : 'Pin'}
          </button>
        ) : null
      }
    />
  );
}

export function PinIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M9.8 1.5l4.7 4.7-1.4.5-2.3 2.3.3 3-1.1 1.1-2.7-2.7-3.7 3.7-.7-.7 3.7-3.7L3.9 6.9 5 5.8l3 .3 2.3-2.3z"
        fill="currentColor"
      />
    </svg>
  );
}
