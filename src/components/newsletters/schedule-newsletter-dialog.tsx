'use client';

// SPEC §2 'schedule-newsletter': 'Schedule a time to send newsletter'. Owner and editors only (SPEC §5:
// the server refuses anyone else, and the operations menu offers it from the entry's `can` flags).
import { DialogShell } from '@/components/dialogs/dialog-shell';
import type { NewsletterDialogProps } from './newsletter-dialog-types';
import { NewsletterScheduleForm } from './newsletter-schedule-form';

export default function ScheduleNewsletterDialog({ entry, onDone }: NewsletterDialogProps) {
  return (
    <DialogShell title="Schedule a time to send newsletter" description={entry.title} size="small">
      <NewsletterScheduleForm entry={entry} submitLabel="Schedule the newsletter" onDone={onDone} />
    </DialogShell>
  );
}
