'use client';

// The story's Save (signed-in readers: the save-to dialog, SPEC §2) and Share (the share widget)
// buttons. Rendered in the browser from the session, so the server's page is the same for everyone.
import { useSession } from 'next-auth/react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { ShareTarget } from '@/components/share/share-links';
import styles from './story-page.module.css';

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
