'use client';

// SPEC §2 'newsletter-confirmation': 'Are you sure you want to delete the newsletter?'.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import styles from '@/components/studio/studio-dialogs.module.css';
import type { NewsletterDialogProps } from './newsletter-dialog-types';
import { removeFromNewsletter } from './newsletters-api';

export default function NewsletterConfirmationDialog({ entry, onDone }: NewsletterDialogProps) {
  const { closeDialog, showMessage } = useDialog();
  const remove = useMutation(() => removeFromNewsletter(entry), {
    onSuccess: () => {
      onDone?.();
      showMessage('Removed successfully!');
    },
  });
  return (
    <DialogShell title="Delete newsletter" size="small">
      <p className={styles.question}>Are you sure you want to delete the newsletter?</p>
      <p className={styles.subject}>
        <span className={styles.subjectTitle}>{entry.title.trim() || 'Untitled story'}</span>
      </p>
      <div className={styles.actions}>
        <Button variant="outline" disabled={remove.busy} onClick={closeDialog}>
          No
        </Button>
        <Button variant="danger" busy={remove.busy} onClick={() => void remove.run()}>
          Yes
        </Button>
      </div>
    </DialogShell>
  );
}
