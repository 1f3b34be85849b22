'use client';

// SPEC §2 'cancel-schedule-story': 'Are you sure you want to Cancel this publish schedule?' with the
// time, Yes and No. PATCH /api/posts/manage_posts/cancel_schedule_post/{id}.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { formatDateTime } from '@/lib/format-date';
import { Button } from '@/components/ui/button';
import { cancelStorySchedule } from './studio-api';
import type { StudioStoryDialogProps } from './studio-dialog-types';
import { useStudioAction } from './use-studio-action';
import styles from './studio-dialogs.module.css';

export default function CancelScheduleStoryDialog({ story, onDone, returnPath }: StudioStoryDialogProps) {
  const { closeDialog } = useDialog();
  const { busy, run } = useStudioAction({ onDone, returnPath });
  const time = story.scheduledTime;

  return (
    <DialogShell title="Cancel schedule" size="small">
      <p className={styles.question}>Are you sure you want to Cancel this publish schedule?</p>
      <p className={styles.subject}>
        <span className={styles.subjectTitle}>{story.title.trim() || 'Untitled story'}</span>
        <time dateTime={time ? new Date(time).toISOString() : undefined}>
          {time ? formatDateTime(time, story.languageCode) : ''}
        </time>
      </p>
      <div className={styles.actions}>
        <Button variant="outline" disabled={busy} onClick={closeDialog}>
          No
        </Button>
        <Button busy={busy} onClick={() => void run(() => cancelStorySchedule(story.id))}>
          Yes
        </Button>
      </div>
    </DialogShell>
  );
}
