'use client';

// SPEC §2 edit-list: the create-list fields prefilled, with delete and save. Success shows
// 'Saved successfully!' (SPEC §8); a failure shows the error in the return-message dialog.
import { usePathname, useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { toErrorMessage } from '@/lib/api-client';
import { ListFields } from './list-fields';
import { deleteList, LIST_SAVED, updateList, type ListPrivacy } from './lists-api';
import styles from './list-dialogs.module.css';

export default function EditListDialog({ list }: DialogPropsMap['edit-list']) {
  const router = useRouter();
  const pathname = usePathname();
  const { busy, setBusy, closeDialog, showMessage } = useDialog();
  const [name, setName] = useState(list.listName);
  const [isPublic, setIsPublic] = useState(list.privacyStatus === 'public');
  const [confirming, setConfirming] = useState(false);

  const privacy: ListPrivacy = isPublic ? 'public' : 'private';
  const changes = {
    ...(name.trim() !== list.listName ? { listName: name } : {}),
    ...(privacy !== list.privacyStatus ? { privacyStatus: privacy } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!changed) {
      closeDialog();
      return;
    }
    setBusy(true);
    try {
      await updateList(list.id, changes);
      router.refresh();
      showMessage(LIST_SAVED);
    } catch (failure) {
      showMessage(toErrorMessage(failure));
    }
  };

  const remove = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await deleteList(list.id);
      // The list's own page is gone: leave it for the lists page rather than show a 404.
      if (pathname === `/lists/${list.id}`) router.replace('/lists');
      else router.refresh();
      showMessage(LIST_SAVED);
    } catch (failure) {
      showMessage(toErrorMessage(failure));
    }
  };

  return (
    <DialogShell title="Edit list" size="medium">
      <form className={styles.form} onSubmit={save} noValidate>
        <ListFields
          name={name}
          onNameChange={setName}
          isPublic={isPublic}
          onPublicChange={setIsPublic}
          disabled={busy || confirming}
        />
        {confirming ? (
          <div className={styles.confirm} role="group" aria-label="Delete this list?">
            <p>
              Delete <strong>{list.listName}</strong>? The stories in it stay on Lamplight; only the list
              goes.
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setConfirming(false)}
                disabled={busy}
              >
                Keep it
              </button>
              <button
                type="button"
                className={`button ${styles.dangerSolid}`}
                onClick={remove}
                disabled={busy}
              >
                {busy ? 'Deleting…' : 'Delete list'}
              </button>
            </div>
          </div>
        ) : (
          <div className={`${styles.actions} ${styles.actionsSplit}`}>
            <button
              type="button"
              className={`button button-ghost ${styles.danger}`}
              onClick={() => setConfirming(true)}
              disabled={busy}
            >
              Delete
            </button>
            <div className={styles.actionsEnd}>
              <button type="button" className="button button-ghost" onClick={closeDialog} disabled={busy}>
                Cancel
              </button>
              <button type="submit" className="button button-primary" disabled={busy || !name.trim()}>
                {busy ? 'Saving…' : 'Save'}
              </button>
            </div>
          </div>
        )}
      </form>
    </DialogShell>
  );
}
