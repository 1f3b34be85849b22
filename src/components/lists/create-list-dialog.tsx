'use client';

// SPEC §2 create-list: a name ('List name (60 Char Max)'), a Public checkbox, and a create button
// that appears once something is typed. An error stays inside this dialog (SPEC §8); success shows
// 'Saved successfully!' in the return-message dialog.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { ListFields } from './list-fields';
import { createList, LIST_SAVED } from './lists-api';
import styles from './list-dialogs.module.css';

export default function CreateListDialog({ onCreated }: DialogPropsMap['create-list']) {
  const router = useRouter();
  const { closeDialog, showMessage } = useDialog();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const create = useMutation(() => createList(name, isPublic ? 'public' : 'private'), {
    showError: 'inline',
    onSuccess: (list) => {
      onCreated?.(list);
      router.refresh();
      showMessage(LIST_SAVED);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) void create.run();
  };

  return (
    <DialogShell title="Create new list" size="medium">
      <form className={styles.form} onSubmit={submit} noValidate>
        <ListFields
          name={name}
          onNameChange={(value) => {
            setName(value);
            create.clearError();
          }}
          isPublic={isPublic}
          onPublicChange={setIsPublic}
          disabled={create.busy}
          autoFocus
        />
        {create.error ? (
          <p className={styles.error} role="alert">
            {create.error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={closeDialog} disabled={create.busy}>
            Cancel
          </Button>
          {name.length > 0 ? (
            <Button type="submit" busy={create.busy} busyLabel="Creating…" disabled={!name.trim()}>
              Create
            </Button>
          ) : null}
        </div>
      </form>
    </DialogShell>
  );
}
