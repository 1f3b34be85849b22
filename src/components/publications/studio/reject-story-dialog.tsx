'use client';

// DESIGN §3 reject: a story under review goes back to its author with an optional reason, which the
// author reads in their own studio (/me). PATCH /api/posts/manage_posts/reject_post/{id} {reason}.
import { useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { StudioStoryDialogProps } from '@/components/studio/studio-dialog-types';
import { useStudioAction } from '@/components/studio/use-studio-action';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { EXCERPT_MAX } from '@/server/modules/posts/posts.limits';
import { rejectStory } from './queue-api';
import styles from './publication-studio.module.css';

/** rejectPostSchema's limit on the reason (posts.schema.ts). */
const REASON_MAX = EXCERPT_MAX;

export default function RejectStoryDialog({ story, onDone, returnPath }: StudioStoryDialogProps) {
  const { closeDialog } = useDialog();
  const { busy, run } = useStudioAction({ onDone, returnPath });
  const [reason, setReason] = useState('');
  const title = story.title.trim() || 'Untitled story';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => rejectStory(story.id, reason.trim()));
  };

  return (
    <DialogShell title="Reject story" description={title} size="small">
      <form className={styles.dialogForm} onSubmit={onSubmit}>
        <p className={styles.dialogText}>
          The story goes back to {story.author.name || 'its author'} as rejected. They can change it and
          submit it again.
        </p>
        <Field
          label="Reason (optional)"
          hint={`The author sees this in their studio. ${reason.length}/${REASON_MAX}`}
        >
          {(control) => (
            <textarea
              {...control}
              className={styles.reason}
              value={reason}
              maxLength={REASON_MAX}
              rows={4}
              disabled={busy}
              placeholder="What should change before it can be published?"
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <div className={styles.dialogActions}>
          <Button variant="outline" disabled={busy} onClick={closeDialog}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            Reject story
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
