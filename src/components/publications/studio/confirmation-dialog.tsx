'use client';

// SPEC §2 'confirmation': asks before an action that cannot simply be taken back (the publication
// studio's Unpublish), naming what it acts on. Yes runs the action; after a success the dialog closes
// and the opener refreshes; a failure shows in the return-message dialog (SPEC §4, §8).
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useStudioAction } from '@/components/studio/use-studio-action';
import { Button } from '@/components/ui/button';
import studioDialogs from '@/components/studio/studio-dialogs.module.css';
import type { ConfirmationDialogProps } from './confirmation-dialog-types';

export type { ConfirmationDialogProps };

export default function ConfirmationDialog({
  title,
  question,
  subject,
  confirmLabel,
  danger,
  action,
  onDone,
  returnPath,
}: ConfirmationDialogProps) {
  const { closeDialog } = useDialog();
  const { busy, run } = useStudioAction({ onDone, returnPath });

  return (
    <DialogShell title={title} size="small">
      <p className={studioDialogs.question}>{question}</p>
      {subject ? (
        <p className={studioDialogs.subject}>
          <span className={studioDialogs.subjectTitle}>{subject}</span>
        </p>
      ) : null}
      <div className={studioDialogs.actions}>
        <Button variant="outline" disabled={busy} onClick={closeDialog}>
          Cancel
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={() => void run(action)}>
          {confirmLabel}
        </Button>
      </div>
    </DialogShell>
  );
}
