'use client';

// SPEC §2 'cancel-schedule-newsletter': 'Are you sure you want to Cancel this newsletter scheduled at'
// with the time, Yes and No. PUT …/newsletters/{newsletterId} {newsletterId, id}.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { useReaderLocale } from '@/components/hooks/use-reader-locale';
import { Button } from '@/components/ui/button';
import styles from '@/components/studio/studio-dialogs.module.css';
import { formatDateTime } from '@/lib/format-date';
import type { NewsletterDialogProps } from './newsletter-dialog-types';
import { cancelNewsletterSchedule } from './newsletters-api';

export default function CancelScheduleNewsletterDialog({ entry, onDone }: NewsletterDialogProps) {
  const { closeDialog } = useDialog();
  const locale = useReaderLocale();
  const cancel = useMutation(() => cancelNewsletterSchedule(entry), {
    onSuccess: () => {
      closeDialog();
      onDone?.();
    },
  });
  const time = entry.scheduledTime;
  return (
    <DialogShell title="Cancel newsletter schedule" size="small">
      <p className={styles.question}>Are you sure you want to Cancel this newsletter scheduled at</p>
      <p className={styles.subject}>
        <span className={styles.subjectTitle}>{entry.title.trim() || 'Untitled story'}</span>
        <time dateTime={time ? new Date(time).toISOString() : undefined}>
          {time ? formatDateTime(time, locale) : ''}
        </time>
      </p>
      <div className={styles.actions}>
        <Button variant="outline" disabled={cancel.busy} onClick={closeDialog}>
          No
        </Button>
        <Button busy={cancel.busy} onClick={() => void cancel.run()}>
          Yes
        </Button>
      </div>
    </DialogShell>
  );
}
