'use client';

import Link from '@/components/ui/link';
import { SignInPanel } from '@/components/auth/sign-in-panel';
import styles from './editor.module.css';
import stateStyles from './states.module.css';

/** Shown to signed-out visitors of the editor routes; opens the sso dialog once by itself. */
export function SignInPrompt({ action = 'write a story' }: { action?: string }) {
  return (
    <SignInPanel className={stateStyles.statePanel} openOnArrival>
      <h1 className={stateStyles.stateTitle}>Sign in to {action}</h1>
      <p className={stateStyles.stateText}>
        Your drafts are saved to your account as you write, so you need to be signed in first.
      </p>
    </SignInPanel>
  );
}

/** A story that cannot be edited here: missing (or not visible to this user), or someone else's. */
export function StoryUnavailable({
  reason,
  message,
}: {
  reason: 'missing' | 'forbidden' | 'error';
  message?: string;
}) {
  const text = {
    missing: ['Story not found', 'This story does not exist, or it is not yours to edit.'],
    forbidden: ['You cannot edit this story', 'Only its author can change a story.'],
    error: ['Could not load the story', message ?? 'Something went wrong. Please try again.'],
  }[reason];
  return (
    <div className={stateStyles.statePanel} role={reason === 'error' ? 'alert' : undefined}>
      <p className={stateStyles.stateCode}>
        {reason === 'missing' ? '404' : reason === 'forbidden' ? '403' : 'Error'}
      </p>
      <h1 className={stateStyles.stateTitle}>{text[0]}</h1>
      <p className={stateStyles.stateText}>{text[1]}</p>
      <div className={stateStyles.stateActions}>
        <Link href="/me" className="button button-primary">
          Go to your studio
        </Link>
        {reason === 'error' ? (
          <button type="button" className="button button-outline" onClick={() => window.location.reload()}>
            Try again
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Same footprint as the editor while the session or the story loads. */
export function EditorLoading() {
  return (
    <div className={styles.editor} aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading the editor…
      </span>
      <div className={styles.skeletonTitle} />
      <div className={styles.skeletonLine} />
      <div className={styles.bodySkeleton} />
    </div>
  );
}
