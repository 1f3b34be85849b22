'use client';

// SPEC §2 'schedule-story': a datetime-local picker (minimum now, minute precision, UTC) and
// 'Schedule to publish'. PATCH /api/posts/manage_posts/schedule_post/{id} {id, scheduledTime}.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { ScheduleField } from '@/components/stories/schedule-field';
import { Button } from '@/components/ui/button';
import { plusMinutes } from './schedule-time';
import type { StudioStoryDialogProps } from './studio-dialog-types';
import { useScheduleForm } from './use-schedule-form';
import styles from './studio-dialogs.module.css';

export default function ScheduleStoryDialog(props: StudioStoryDialogProps) {
  const form = useScheduleForm({ ...props, startsEnabled: true, startValue: () => plusMinutes(60) });

  return (
    <DialogShell
      title="Schedule story"
      description={props.story.title.trim() || 'Untitled story'}
      size="small"
    >
      <form className={styles.form} onSubmit={form.onSubmit}>
        <ScheduleField
          enabled={form.enabled}
          value={form.value}
          onToggle={form.toggle}
          onChange={form.setValue}
          disabled={form.busy}
          error={form.error}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} disabled={!form.enabled}>
            Schedule to publish
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
