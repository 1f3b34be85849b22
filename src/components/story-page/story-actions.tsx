'use client';

// The story's Save (signed-in readers: the save-to dialog, SPEC §2) and Share (the share widget)
// buttons, and for those who may change the story its story-actions menu. Rendered in the browser
// from the session, so the server's page (cached, docs/decisions/006) is the same for everyone: the
// menu's items come from the story's `can` flags, read with the reader's session.
import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { ShareTarget } from '@/components/share/share-links';
import { getStory, type Story } from '@/components/stories/story-api';
import styles from './story-page.module.css';

// A box with three dots: more actions.
const MORE_ICON = 'M5.5 5.5h13v13h-13zM9 12h.01M12 12h.01M15 12h.01';

/** Whether the menu would offer anything (SPEC §2 story-actions items). */
const offersActions = ({ can }: Story) =>
  can.canEdit ||
  can.canEditExcerpt ||
  can.canSchedule ||
  can.canReschedule ||
  can.canCancelSchedule ||
  can.canUnpublish ||
  can.canDelete ||
  can.canBanAuthor ||
  can.canUnbanAuthor ||
  can.canAddToNewsletter ||
  can.locked.length > 0;

// The page shows these actions twice (under the title and after the story): one request serves both.
const loading = new Map<string, Promise<Story | null>>();
function loadOnce(postId: string): Promise<Story | null> {
  let answer = loading.get(postId);
  if (!answer) {
    answer = getStory(postId).catch(() => null); // no menu then: reading and sharing still work
    loading.set(postId, answer);
    void answer.finally(() => loading.delete(postId));
  }
  return answer;
}

/** The story as the signed-in reader may act on it; null while loading, signed out, or when it fails. */
function useActionableStory(postId: string, signedIn: boolean): Story | null {
  const [story, setStory] = useState<Story | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    void loadOnce(postId).then((loaded) => {
      if (current) setStory(loaded);
    });
    return () => {
      current = false;
    };
  }, [postId, signedIn]);
  return signedIn && story?.id === postId ? story : null;
}

// 24×24 outline icons: a bookmark with a plus, and a box with an arrow out of it.
const SAVE_ICON = 'M17.5 4.5h-11v15.2l5.5-3.9 5.5 3.9zM12 8v5M9.5 10.5h5';
const SHARE_ICON = 'M12 3.5v11M8 7.5l4-4 4 4M6.5 11.5h-1v9h13v-9h-1';

export function StoryActions({
  postId,
  share,
  className,
}: {
  postId: string;
  share: ShareTarget;
  className?: string;
}) {
  const { status } = useSession();
  const { openDialog } = useDialog();
  const story = useActionableStory(postId, status === 'authenticated');

  return (
    <div className={`${styles.actions} ${className ?? ''}`}>
      {status === 'authenticated' ? (
        <IconButton
          label="Save"
          ariaLabel="Save to a list"
          icon={SAVE_ICON}
          onClick={() => openDialog('save-to', { postId })}
        />
      ) : null}
      <IconButton
        label="Share"
        ariaLabel="Share this story"
        icon={SHARE_ICON}
        onClick={() => openDialog('share-widget', share)}
      />
      {story && offersActions(story) ? (
        <IconButton
          label="More"
          ariaLabel="Story actions"
          icon={MORE_ICON}
          onClick={() => openDialog('story-actions', { story, returnPath: '/me' })}
        />
      ) : null}
    </div>
  );
}

function IconButton(props: { label: string; ariaLabel: string; icon: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className={styles.iconButton}
      onClick={props.onClick}
      aria-label={props.ariaLabel}
      title={props.label}
    >
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={props.icon}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.iconLabel}>{props.label}</span>
    </button>
  );
}
