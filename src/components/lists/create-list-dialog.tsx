'use client';

// SPEC §2 create-list: a name ('List name (60 Char Max)'), a Public checkbox, and a create button
// that appears once something is typed. An error stays inside this dialog (SPEC §8); success shows
// 'Saved successfully!' in the return-message dialog.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { toErrorMessage } from '@/lib/api-client';
import { ListFields } from './list-fields';
import { createList, LIST_SAVED } from './lists-api';
import styles from './list-dialogs.module.css';

export default function CreateListDialog({ onCreated }: DialogPropsMap['create-list']) {
  const router = useRouter();
  const { busy, setBusy, closeDialog, showMessage } = useDialog();
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const list = await createList(name, isPublic ? 'public' : 'private');
      onCreated?.(list);
      router.refresh();
      showMessage(LIST_SAVED);
    } catch (failure) {
      setBusy(false);
      setError(toErrorMessage(failure));
    }
  };

  return (
    <DialogShell title="Create new list" size="medium">
      <form className={styles.form} onSubmit={submit} noValidate>
        <ListFields
          name={name}
          onNameChange={(value) => {
            setName(value);
            setError(null);
          }}
          isPublic={isPublic}
          onPublicChange={setIsPublic}
          disabled={busy}
          autoFocus
        />
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className="button button-ghost" onClick={closeDialog} disabled={busy}>
            Cancel
          </button>
          {name.length > 0 ? (
            <button type="submit" className="button button-primary" disabled={busy || !name.trim()}>
              {busy ? 'Creating…' : 'Create'}
            </button>
          ) : null}
        </div>
      </form>
    </DialogShell>
  );
}
