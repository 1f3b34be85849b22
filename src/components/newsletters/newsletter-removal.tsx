'use client';

// The one body of the two dialogs that take an entry out of a newsletter (SPEC §2
// 'remove-from-newsletter' for an entry not sent yet, 'newsletter-confirmation' for one that was):
// a question, the article, and DELETE …/newsletters/{newsletterId}?postId behind the confirm.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import styles from '@/components/studio/studio-dialogs.module.css';
import type { NewsletterDialogProps } from './newsletter-dialog-types';
import { NewsletterSubject } from './newsletter-subject';
import { removeFromNewsletter } from './newsletters-api';

type Props = NewsletterDialogProps & {
  title: string;
  question: string;
  /** Show the article's time (an entry not sent yet) or its title alone. */
  withTime: boolean;
  labels: { cancel: string; confirm: string };
};

export function NewsletterRemoval({ entry, onDone, title, question, withTime, labels }: Props) {
  const { closeDialog, showMessage } = useDialog();
  const remove = useMutation(() => removeFromNewsletter(entry), {
    onSuccess: () => {
      onDone?.();
      showMessage('Removed successfully!');
    },
  });
  return (
    <DialogShell title={title} size="small">
      <p className={styles.question}>{question}</p>
      <NewsletterSubject title={entry.title} times={withTime ? entry.post : null} />
      <div className={styles.actions}>
        <Button variant="outline" disabled={remove.busy} onClick={closeDialog}>
          {labels.cancel}
        </Button>
        <Button variant="danger" busy={remove.busy} onClick={() => void remove.run()}>
          {labels.confirm}
        </Button>
      </div>
    </DialogShell>
  );
}
