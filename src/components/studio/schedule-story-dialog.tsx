'use client';

// SPEC §2 'schedule-story': a datetime-local picker (minimum now, minute precision, UTC) and
// 'Schedule to publish'. PATCH /api/posts/manage_posts/schedule_post/{id} {id, scheduledTime}.
import { useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { nowLocalValue, ScheduleField } from '@/components/stories/schedule-field';
import { scheduleStory } from '@/components/stories/story-api';
import { checkScheduleTime, plusMinutes } from './schedule-time';
import type { StudioStoryDialogProps } from './studio-dialog-types';
import { useStudioAction } from './use-studio-action';
import styles from './studio-dialogs.module.css';

export default function ScheduleStoryDialog({ story, onDone, returnPath }: StudioStoryDialogProps) {
  const { busy, run } = useStudioAction({ onDone, returnPath });
  const [enabled, setEnabled] = useState(true);
  const [value, setValue] = useState(plusMinutes(60));
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
    <DialogShell title="Schedule story" description={story.title.trim() || 'Untitled story'} size="small">
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ScheduleField
          enabled={enabled}
          value={value}
          // SPEC §4: turning the schedule off resets the time to now.
          onToggle={(on) => {
            setEnabled(on);
            setValue(on ? plusMinutes(60) : nowLocalValue());
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
          <button type="submit" className="button button-primary" disabled={busy || !enabled}>
            Schedule to publish
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
