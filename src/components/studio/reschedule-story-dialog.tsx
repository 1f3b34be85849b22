'use client';

// SPEC §2 'reschedule-story': 'Original scheduled:' with the current time, then 'Schedule for later'
// (the toggle that shows the picker), 'Schedule to publish' and 'Cancel schedule' (which asks first,
// in 'cancel-schedule-story'). Rescheduling is the same call as scheduling (schedule_post).
import { useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { nowLocalValue, ScheduleField } from '@/components/stories/schedule-field';
import { scheduleStory } from '@/components/stories/story-api';
import { formatDateTime, toDateTimeLocalValue } from '@/lib/format-date';
import { checkScheduleTime, plusMinutes } from './schedule-time';
import type { StudioStoryDialogProps } from './studio-dialog-types';
import { useStudioAction } from './use-studio-action';
import styles from './studio-dialogs.module.css';

export default function RescheduleStoryDialog({ story, onDone, returnPath }: StudioStoryDialogProps) {
  const { openDialog } = useDialog();
  const { busy, run } = useStudioAction({ onDone, returnPath });
  const original = story.scheduledTime;
  const startValue = () =>
    original && original > Date.now() + 60_000 ? toDateTimeLocalValue(original) : plusMinutes(60);
  const [enabled, setEnabled] = useState(false);
  const [value, setValue] = useState(startValue);
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const checked = checkScheduleTime(value);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    void run(() => scheduleStory(story.id, checked.time));
  };

  return (
    <DialogShell title="Reschedule story" description={story.title.trim() || 'Untitled story'} size="small">
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className={styles.original}>
          <span className={styles.originalLabel}>Original scheduled:</span>{' '}
          <time dateTime={original ? new Date(original).toISOString() : undefined}>
            {original ? formatDateTime(original, story.languageCode) : '—'}
          </time>
        </p>
        <ScheduleField
          enabled={enabled}
          value={value}
          onToggle={(on) => {
            setEnabled(on);
            setValue(on ? startValue() : nowLocalValue());
          }}
          onChange={setValue}
          disabled={busy}
        />
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button
            type="button"
            className="button button-outline"
            disabled={busy}
            onClick={() => openDialog('cancel-schedule-story', { story, onDone, returnPath })}
          >
            Cancel schedule
          </button>
          <button type="submit" className="button button-primary" disabled={busy || !enabled}>
            Schedule to publish
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
