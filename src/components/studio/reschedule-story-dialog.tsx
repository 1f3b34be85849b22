'use client';

// SPEC §2 'reschedule-story': 'Original scheduled:' with the current time, then 'Schedule for later'
// (the toggle that shows the picker), 'Schedule to publish' and 'Cancel schedule' (which asks first,
// in 'cancel-schedule-story'). Rescheduling is the same call as scheduling (schedule_post).
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { ScheduleField } from '@/components/stories/schedule-field';
import { formatDateTime, toDateTimeLocalValue } from '@/lib/format-date';
import { Button } from '@/components/ui/button';
import { plusMinutes } from './schedule-time';
import type { StudioStoryDialogProps } from './studio-dialog-types';
import { useScheduleForm } from './use-schedule-form';
import styles from './studio-dialogs.module.css';

export default function RescheduleStoryDialog(props: StudioStoryDialogProps) {
  const { story, onDone, returnPath } = props;
  const { openDialog } = useDialog();
  const original = story.scheduledTime;
  const form = useScheduleForm({
    ...props,
    startsEnabled: false,
    startValue: () =>
      original && original > Date.now() + 60_000 ? toDateTimeLocalValue(original) : plusMinutes(60),
  });

  return (
    <DialogShell title="Reschedule story" description={story.title.trim() || 'Untitled story'} size="small">
      <form className={styles.form} onSubmit={form.onSubmit}>
        <p className={styles.original}>
          <span className={styles.originalLabel}>Original scheduled:</span>{' '}
          <time dateTime={original ? new Date(original).toISOString() : undefined}>
            {original ? formatDateTime(original, story.languageCode) : '—'}
          </time>
        </p>
        <ScheduleField
          enabled={form.enabled}
          value={form.value}
          onToggle={form.toggle}
          onChange={form.setValue}
          disabled={form.busy}
          error={form.error}
        />
        <div className={styles.actions}>
          <Button
            variant="outline"
            disabled={form.busy}
            onClick={() => openDialog('cancel-schedule-story', { story, onDone, returnPath })}
          >
            Cancel schedule
          </Button>
          <Button type="submit" busy={form.busy} disabled={!form.enabled}>
            Schedule to publish
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
