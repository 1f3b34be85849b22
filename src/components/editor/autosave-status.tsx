'use client';

import type { Story } from '@/components/stories/story-api';
import type { AutosavePhase } from './use-autosave';
import styles from './editor.module.css';

const STATUS_LABEL: Record<Story['status'], string> = {
  draft: 'Draft',
  pending: 'Under review',
  rejected: 'Returned',
  scheduled: 'Scheduled',
  published: 'Published',
};

type AutosaveStatusProps = {
  story: Story | null;
  phase: AutosavePhase;
  error: string | null;
  /** False for stories that go out only through the Next button (published, scheduled). */
  autosaving: boolean;
  /** The user may not change the content (not the author). */
  readOnly?: boolean;
};

/** 'Draft · Saved', 'Published · Changes go live when you save', or why saving failed. */
export function AutosaveStatus({ story, phase, error, autosaving, readOnly }: AutosaveStatusProps) {
  const label = story ? STATUS_LABEL[story.status] : 'New story';
  let detail: string;
  if (readOnly) detail = 'Only the author can change the text';
  else if (!autosaving) detail = 'Changes go live when you save them with Next';
  else if (phase === 'saving') detail = 'Saving…';
  else if (phase === 'saved') detail = 'Saved';
  else if (phase === 'conflict') detail = 'Changed elsewhere: autosave stopped';
  else if (phase === 'error') detail = 'Not saved yet';
  else detail = story ? 'Saved' : 'Saved as a draft as you write';
  const problem = phase === 'conflict' || phase === 'error';

  return (
    <p className={styles.status} role="status" aria-live="polite">
      <span className={styles.statusLabel}>{label}</span>
      <span aria-hidden="true"> · </span>
      <span
        className={problem ? styles.statusProblem : undefined}
        title={problem && error ? error : undefined}
      >
        {detail}
      </span>
      {phase === 'conflict' ? (
        <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
          Reload the latest version
        </button>
      ) : null}
    </p>
  );
}
