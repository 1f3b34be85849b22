'use client';

// SPEC §2 'add-newsletter': confirms putting the article into its publication's newsletter, with its
// title and time. POST /api/publications/{publicationId}/newsletters/create.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import styles from '@/components/studio/studio-dialogs.module.css';
import type { AddNewsletterDialogProps } from './newsletter-dialog-types';
import { NewsletterSubject } from './newsletter-subject';
import { addToNewsletter } from './newsletters-api';

export default function AddNewsletterDialog({ story, onDone }: AddNewsletterDialogProps) {
  const { closeDialog, showMessage } = useDialog();
  const add = useMutation(() => addToNewsletter(story), {
    onSuccess: () => {
      onDone?.();
      showMessage('Created successfully');
    },
  });
  return (
    <DialogShell title="Add to newsletter" size="small">
      <p className={styles.question}>Add this article to the newsletter?</p>
      <NewsletterSubject title={story.title} times={story} />
      <div className={styles.actions}>
        <Button variant="outline" disabled={add.busy} onClick={closeDialog}>
          Cancel
        </Button>
        <Button busy={add.busy} onClick={() => void add.run()}>
          Add to newsletter
        </Button>
      </div>
    </DialogShell>
  );
}
