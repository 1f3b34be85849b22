'use client';

// SPEC §2 edit-list: the create-list fields prefilled, with delete and save. Success shows
// 'Saved successfully!' (SPEC §8); a failure shows the error in the return-message dialog.
import { usePathname, useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { ListFields } from './list-fields';
import { deleteList, LIST_SAVED, updateList, type ListPrivacy } from './lists-api';
import styles from './list-dialogs.module.css';

export default function EditListDialog({ list }: DialogPropsMap['edit-list']) {
  const router = useRouter();
  const pathname = usePathname();
  const { closeDialog, showMessage } = useDialog();
  const [name, setName] = useState(list.listName);
  const [isPublic, setIsPublic] = useState(list.privacyStatus === 'public');
  const [confirming, setConfirming] = useState(false);

  const privacy: ListPrivacy = isPublic ? 'public' : 'private';
  const changes = {
    ...(name.trim() !== list.listName ? { listName: name } : {}),
    ...(privacy !== list.privacyStatus ? { privacyStatus: privacy } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  const saved = () => {
    router.refresh();
    showMessage(LIST_SAVED);
  };
  const update = useMutation(() => updateList(list.id, changes), { onSuccess: saved });
  const remove = useMutation(() => deleteList(list.id), {
    onSuccess: () => {
      // The list's own page is gone: leave it for the lists page rather than show a 404.
      if (pathname === `/lists/${list.id}`) router.replace('/lists');
      else router.refresh();
      showMessage(LIST_SAVED);
    },
  });
  const busy = update.busy || remove.busy;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (changed) void update.run();
    else closeDialog();
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
              <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
                Keep it
              </Button>
              <Button variant="danger" onClick={() => void remove.run()} busy={busy} busyLabel="Deleting…">
                Delete list
              </Button>
            </div>
          </div>
        ) : (
          <div className={`${styles.actions} ${styles.actionsSplit}`}>
            <Button
              variant="ghost"
              className={styles.danger}
              onClick={() => setConfirming(true)}
              disabled={busy}
            >
              Delete
            </Button>
            <div className={styles.actionsEnd}>
              <Button variant="ghost" onClick={closeDialog} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" busy={busy} busyLabel="Saving…" disabled={!name.trim()}>
                Save
              </Button>
            </div>
          </div>
        )}
      </form>
    </DialogShell>
  );
}
