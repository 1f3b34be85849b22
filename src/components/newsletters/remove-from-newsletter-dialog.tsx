'use client';

// SPEC §2 'remove-from-newsletter': confirms taking the article out of the newsletter, with its title
// and time. DELETE …/newsletters/{newsletterId}?postId {publicationId, newsletterId, postId}.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import styles from '@/components/studio/studio-dialogs.module.css';
import type { NewsletterDialogProps } from './newsletter-dialog-types';
import { NewsletterSubject } from './newsletter-subject';
import { removeFromNewsletter } from './newsletters-api';

export default function RemoveFromNewsletterDialog({ entry, onDone }: NewsletterDialogProps) {
  const { closeDialog, showMessage } = useDialog();
  const remove = useMutation(() => removeFromNewsletter(entry), {
    onSuccess: () => {
      onDone?.();
      showMessage('Removed successfully!');
    },
  });
  return (
    <DialogShell title="Remove from newsletter" size="small">
      <p className={styles.question}>Remove this article from the newsletter?</p>
      <NewsletterSubject title={entry.title} times={entry.post} />
      <div className={styles.actions}>
        <Button variant="outline" disabled={remove.busy} onClick={closeDialog}>
          Cancel
        </Button>
        <Button variant="danger" busy={remove.busy} onClick={() => void remove.run()}>
          Remove
        </Button>
      </div>
    </DialogShell>
  );
}
