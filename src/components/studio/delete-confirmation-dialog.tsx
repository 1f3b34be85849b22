'use client';

// SPEC §2 'delete-confirmation' (story delete): 'Are you sure you want to delete story?' with the
// title, a delete button and a cancel button. DELETE /api/posts/{id}.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
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
        <Button variant="outline" disabled={busy} onClick={closeDialog}>
          Cancel
        </Button>
        <Button variant="danger" busy={busy} onClick={() => void run(() => deleteStory(story.id))}>
          Delete
        </Button>
      </div>
    </DialogShell>
  );
}
