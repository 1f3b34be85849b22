'use client';

// SPEC §2 save-to: tick or untick the story in each of the user's lists, or create a list on the
// spot (ticked at once). Save applies the changes and shows 'Saved successfully!' (SPEC §8); a
// failure shows the error in the return-message dialog. Anonymous visitors are asked to sign in.
import { useSession } from 'next-auth/react';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/api-client';
import { ListFields } from './list-fields';
import { PlusIcon, PrivacyIcon } from './list-icons';
import {
  addPostToList,
  createList,
  getListIdsHoldingPost,
  getMyLists,
  LIST_SAVED,
  removePostFromList,
  type List,
} from './lists-api';
import styles from './list-dialogs.module.css';

type Loaded = { lists: List[]; initial: Set<string> };

export default function SaveToDialog({ postId }: DialogPropsMap['save-to']) {
  const { status } = useSession();
  const { openDialog } = useDialog();
  const pathname = usePathname();

  if (status === 'unauthenticated') {
    return (
      <DialogShell title="Save to list" size="small">
        <p className={styles.status}>Sign in to keep stories in your own reading lists.</p>
        <div className={styles.actions}>
          <Button onClick={() => openDialog('sso', { callbackUrl: pathname ?? '/' })}>Sign in</Button>
        </div>
      </DialogShell>
    );
  }
  return <SaveToForm postId={postId} />;
}

function SaveToForm({ postId }: { postId: string }) {
  const router = useRouter();
  const { closeDialog, showMessage } = useDialog();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  /** A list made here already exists: closing with Save then still reports (and refreshes). */
  const [createdAny, setCreatedAny] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([getMyLists(controller.signal), getListIdsHoldingPost(postId, controller.signal)])
      .then(([lists, ids]) => {
        const initial = new Set(ids);
        setLoaded({ lists, initial });
        setTicked(new Set(ids));
        if (lists.length === 0) setCreating(true);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setLoadError(toErrorMessage(failure));
      });
    return () => controller.abort();
  }, [postId]);

  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const createOne = useMutation(() => createList(name, isPublic ? 'public' : 'private'), {
    showError: 'inline',
    onSuccess: (list) => {
      setLoaded((current) => current && { ...current, lists: [list, ...current.lists] });
      toggle(list.id, true);
      setCreatedAny(true);
      setName('');
      setIsPublic(false);
      setCreating(false);
    },
  });
  const applyTicks = useMutation(
    async ({ added, removed }: { added: string[]; removed: string[] }) => {
      try {
        for (const id of added) await addPostToList(id, postId);
        for (const id of removed) await removePostFromList(id, postId);
      } finally {
        // Some changes may have landed before a failure: the page behind shows what is true.
        router.refresh();
      }
    },
    { onSuccess: () => showMessage(LIST_SAVED) },
  );
  const busy = createOne.busy || applyTicks.busy;

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && loaded) void createOne.run();
  };

  const save = () => {
    if (!loaded) return;
    const added = [...ticked].filter((id) => !loaded.initial.has(id));
    const removed = [...loaded.initial].filter((id) => !ticked.has(id));
    if (added.length === 0 && removed.length === 0 && !createdAny) closeDialog();
    else void applyTicks.run({ added, removed });
  };

  // Lists made here exist even when the story's ticks are dropped: the page behind should show them.
  const close = () => {
    if (createdAny) router.refresh();
    closeDialog();
  };

  return (
    <DialogShell title="Save to list" size="small" onClose={close}>
      {loadError ? (
        <p className="field-error" role="alert">
          {loadError}
        </p>
      ) : !loaded ? (
        <p className={styles.status} role="status">
          Loading your lists…
        </p>
      ) : (
        <div className={styles.form}>
          {loaded.lists.length === 0 ? (
            <p className={styles.status}>You have no lists yet. Create one to save this story.</p>
          ) : (
            <ul className={styles.lists} aria-label="Your lists">
              {loaded.lists.map((list) => (
                <li key={list.id}>
                  <label className={styles.listOption}>
                    <input
                      type="checkbox"
                      checked={ticked.has(list.id)}
                      onChange={(event) => toggle(list.id, event.target.checked)}
                      disabled={busy}
                    />
                    <span className={styles.listName}>{list.listName}</span>
                    <span
                      className={styles.listPrivacy}
                      title={list.privacyStatus === 'private' ? 'Private' : 'Public'}
                    >
                      <PrivacyIcon privacy={list.privacyStatus} size={16} />
                      <span className="visually-hidden">
                        {list.privacyStatus === 'private' ? ' (private)' : ' (public)'}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}

          <div className={styles.newList}>
            {creating ? (
              <form className={styles.form} onSubmit={create} noValidate aria-label="Create new list">
                <ListFields
                  name={name}
                  onNameChange={(value) => {
                    setName(value);
                    createOne.clearError();
                  }}
                  isPublic={isPublic}
                  onPublicChange={setIsPublic}
                  disabled={busy}
                  autoFocus
                />
                {createOne.error ? (
                  <p className={styles.error} role="alert">
                    {createOne.error}
                  </p>
                ) : null}
                <div className={styles.newListActions}>
                  {loaded.lists.length > 0 ? (
                    <Button variant="ghost" size="small" onClick={() => setCreating(false)} disabled={busy}>
                      Cancel
                    </Button>
                  ) : null}
                  {name.length > 0 ? (
                    <Button
                      type="submit"
                      variant="outline"
                      size="small"
                      busy={createOne.busy}
                      disabled={busy || !name.trim()}
                    >
                      Create
                    </Button>
                  ) : null}
                </div>
              </form>
            ) : (
              <button
                type="button"
                className={styles.newListToggle}
                onClick={() => setCreating(true)}
                disabled={busy}
              >
                <PlusIcon size={16} /> Create new list
              </button>
            )}
          </div>

          <div className={styles.actions}>
            <Button variant="ghost" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={save} busy={applyTicks.busy} busyLabel="Saving…" disabled={busy}>
              Save
            </Button>
          </div>
        </div>
      )}
    </DialogShell>
  );
}
