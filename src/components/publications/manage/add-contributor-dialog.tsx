'use client';

// SPEC §2 add-author / add-editor: a user-id input and Save. SPEC §5: the id must be exactly 36
// characters after trimming, else the return-message dialog shows 'Wrong user id!'; the input keeps
// whatever is typed or pasted, and the id is taken from it only once it is 36 characters long.
// The server's refusals (no such user: 404, already a member: 409) show in the return-message dialog.
import { useId, useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import {
  CONTRIBUTOR_ID_LENGTH,
  WRONG_USER_ID,
  type AssignableRole,
} from '@/server/modules/publications/publications.limits';
import { acceptedUserId } from './contributor-id';
import { addContributor } from './manage-api';
import type { AddContributorDialogProps } from './manage-dialog-types';
import styles from './manage-dialogs.module.css';

const WORDS: Record<AssignableRole, { title: string; noun: string; does: string }> = {
  publication_author: {
    title: 'Add author',
    noun: 'an author',
    does: 'Authors write stories for the publication and submit them for review.',
  },
  publication_editor: {
    title: 'Add editor',
    noun: 'an editor',
    does: 'Editors review, publish and schedule stories, and edit the profile and collections.',
  },
};

export function AddContributorDialog({
  publication,
  onDone,
  role,
}: AddContributorDialogProps & { role: AssignableRole }) {
  const words = WORDS[role];
  const { closeDialog, showMessage } = useDialog();
  const inputId = useId();
  const hintId = useId();
  const [raw, setRaw] = useState('');
  const userId = acceptedUserId(raw);
  const length = raw.trim().length;

  const add = useMutation((id: string) => addContributor(publication.id, id, role), {
    onSuccess: ({ member }) => {
      onDone?.();
      showMessage(`${member.name} is now ${words.noun} of ${publication.name}.`);
    },
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!userId) {
      showMessage(WRONG_USER_ID);
      return;
    }
    void add.run(userId);
  };

  return (
    <DialogShell title={words.title} description={words.does} size="small">
      <form className={styles.form} onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={inputId}>User id</label>
          <input
            id={inputId}
            className={styles.idInput}
            value={raw}
            onChange={(event) => setRaw(event.target.value)}
            aria-describedby={hintId}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
            disabled={add.busy}
            autoFocus
          />
          <p id={hintId} className="field-hint">
            Ask the writer for their user id.{' '}
            <span className={`${styles.counter} ${userId ? styles.counterReady : ''}`}>
              {length}/{CONTRIBUTOR_ID_LENGTH} characters
            </span>
          </p>
        </div>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={closeDialog} disabled={add.busy}>
            Cancel
          </Button>
          <Button type="submit" busy={add.busy} busyLabel="Saving…">
            Save
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
