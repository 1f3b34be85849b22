'use client';

// SPEC §2 'subtopic-edit' (subtopic settings): name and description inputs whose placeholders show
// the current values, Save and Delete; Delete opens a confirmation whose confirm deletes and reloads.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SUBTOPIC_DESCRIPTION_MAX, SUBTOPIC_NAME_MAX } from '@/server/modules/subtopics/subtopics.limits';
import { deleteSubtopic, updateSubtopic } from './staff-api';
import type { SubtopicEditDialogProps } from './staff-dialog-types';
import styles from './staff.module.css';

export default function SubtopicEditDialog({ subtopic }: SubtopicEditDialogProps) {
  const router = useRouter();
  const { closeDialog, openDialog, showMessage } = useDialog();
  // Empty fields keep the current value (it shows as the placeholder).
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');

  const save = useMutation(
    () =>
      updateSubtopic(
        subtopic.id,
        name.trim() || subtopic.subtopicName,
        description.trim() || subtopic.description,
      ),
    {
      onSuccess: () => {
        closeDialog();
        router.refresh();
        showMessage('Saved successfully');
      },
    },
  );

  const askDelete = () =>
    openDialog('confirmation', {
      title: 'Delete subtopic',
      question: 'Are you sure you want to delete this subtopic? Its stories stay where they are.',
      subject: subtopic.subtopicName,
      confirmLabel: 'Delete',
      danger: true,
      action: () => deleteSubtopic(subtopic.id),
      onDone: () => window.location.reload(),
    });

  return (
    <DialogShell title="Subtopic settings" size="small">
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <Field label="Name">
          {(control) => (
            <input
              {...control}
              className="input"
              placeholder={subtopic.subtopicName}
              maxLength={SUBTOPIC_NAME_MAX}
              value={name}
              disabled={save.busy}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label="Description">
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={3}
              placeholder={subtopic.description || 'No description yet'}
              maxLength={SUBTOPIC_DESCRIPTION_MAX}
              value={description}
              disabled={save.busy}
              onChange={(event) => setDescription(event.target.value)}
            />
          )}
        </Field>
        <div className={styles.dialogActions}>
          <Button type="button" variant="danger" disabled={save.busy} onClick={askDelete}>
            Delete
          </Button>
          <Button type="submit" busy={save.busy}>
            Save
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
