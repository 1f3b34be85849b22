'use client';

// The story's Save (signed-in readers: the save-to dialog, SPEC §2) and Share (the share widget)
// buttons, and for those who may change the story its story-actions menu. Rendered in the browser,
// so the server's page (cached, docs/decisions/006) is the same for everyone: whether the menu shows
// comes from the story's `can` flags in the page's one personal call (decision 031); the story the
// menu acts on is loaded when it is opened.
import { useSession } from 'next-auth/react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { ShareTarget } from '@/components/share/share-links';
import { ReportButton } from '@/components/reports/report-button';
import { getStory, type Story } from '@/components/stories/story-api';
import { usePageState } from '@/components/viewer/use-page-state';
import styles from './story-page.module.css';

// A box with three dots: more actions.
const MORE_ICON = 'M5.5 5.5h13v13h-13zM9 12h.01M12 12h.01M15 12h.01';

/** Whether the menu would offer anything (SPEC §2 story-actions items). */
const offersActions = (can: Story['can']) =>
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
  const mine = usePageState({ story: postId })?.story;
  const can = mine?.id === postId ? mine.can : null;
  // The menu acts on the story as it is now: read when the reader opens it.
  const openActions = () =>
    void getStory(postId).then(
      (story) => openDialog('story-actions', { story, returnPath: '/me' }),
      () => {}, // gone meanwhile: nothing to act on
    );

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
      <ReportButton kind="story" id={postId} />
      {status === 'authenticated' && can && offersActions(can) ? (
        <IconButton label="More" ariaLabel="Story actions" icon={MORE_ICON} onClick={openActions} />
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
