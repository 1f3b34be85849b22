'use client';

// SPEC §2 'delete-confirmation' (story delete): 'Are you sure you want to delete story?' with the
// title, a delete button and a cancel button. DELETE /api/posts/{id}.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { deleteStory } from './studio-api';
import type { StudioStoryDialogProps } from './studio-dialog-types';
import { useStudioAction } from './use-studio-action';
import styles from './studio-dialogs.module.css';

export default function DeleteConfirmationDialog({ story, onDone, returnPath }: StudioStoryDialogProps) {
  const { closeDialog } = useDialog();
  const { busy, run } = useStudioAction({ onDone, returnPath });

  return (
    <DialogShell title="Delete story" size="small">
      <p className={styles.question}>Are you sure you want to delete story?</p>
      <p className={styles.subject}>
        <span className={styles.subjectTitle}>{story.title.trim() || 'Untitled story'}</span>
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button-outline" disabled={busy} onClick={closeDialog}>
          Cancel
        </button>
        <button
          type="button"
          className={`button ${styles.dangerButton}`}
          disabled={busy}
          onClick={() => void run(() => deleteStory(story.id))}
        >
          Delete
        </button>
      </div>
    </DialogShell>
  );
}
