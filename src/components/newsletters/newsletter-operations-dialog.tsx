'use client';

// SPEC §2 'newsletter-operations': 'Schedule the newsletter' only while the entry has no time and no
// status, reschedule and cancel while it is scheduled, and 'Remove the article from newsletter'. Each
// item shows from the entry's `can` flags (the server's policy).
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import styles from '@/components/studio/studio-dialogs.module.css';
import type { NewsletterDialogProps } from './newsletter-dialog-types';

export default function NewsletterOperationsDialog(props: NewsletterDialogProps) {
  const { openDialog } = useDialog();
  const { can } = props.entry;
  const items: { label: string; key: Parameters<typeof openDialog>[0]; danger?: boolean }[] = [];
  if (can.canSchedule) items.push({ label: 'Schedule the newsletter', key: 'schedule-newsletter' });
  if (can.canReschedule) items.push({ label: 'Rechedule the newsletter', key: 'reschedule-newsletter' });
  if (can.canCancel) items.push({ label: 'Cancel the schedule', key: 'cancel-schedule-newsletter' });
  // An entry that went out is deleted with its stats (newsletter-confirmation); one that did not yet is
  // the article taken out of the newsletter.
  const done = props.entry.status === 'sent' || props.entry.status === 'failed';
  if (can.canRemove && done) {
    items.push({ label: 'Delete the newsletter', key: 'newsletter-confirmation', danger: true });
  } else if (can.canRemove) {
    items.push({ label: 'Remove the article from newsletter', key: 'remove-from-newsletter', danger: true });
  }
  return (
    <DialogShell title="Newsletter" description={props.entry.title} size="small">
      {items.length === 0 ? (
        <p className="field-hint">This newsletter is being sent: nothing can change now.</p>
      ) : (
        <ul className={styles.menu}>
          {items.map((item) => (
            <li key={item.label}>
              <button
                type="button"
                className={`${styles.menuItem} ${item.danger ? styles.menuItemDanger : ''}`}
                onClick={() => openDialog(item.key, props)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </DialogShell>
  );
}
