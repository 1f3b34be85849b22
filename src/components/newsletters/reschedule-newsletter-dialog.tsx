'use client';

// SPEC §2 'reschedule-newsletter': 'Original scheduled:' and 'Rechedule the newsletter' (spelled as the
// SPEC displays it).
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useReaderLocale } from '@/components/hooks/use-reader-locale';
import styles from '@/components/studio/studio-dialogs.module.css';
import { formatDateTime } from '@/lib/format-date';
import type { NewsletterDialogProps } from './newsletter-dialog-types';
import { NewsletterScheduleForm } from './newsletter-schedule-form';

export default function RescheduleNewsletterDialog({ entry, onDone }: NewsletterDialogProps) {
  const locale = useReaderLocale();
  return (
    <DialogShell title="Rechedule the newsletter" description={entry.title} size="small">
      <p className={styles.original}>
        <span className={styles.originalLabel}>Original scheduled:</span>{' '}
        {entry.scheduledTime ? formatDateTime(entry.scheduledTime, locale) : ''}
      </p>
      <NewsletterScheduleForm entry={entry} submitLabel="Rechedule the newsletter" onDone={onDone} />
    </DialogShell>
  );
}
