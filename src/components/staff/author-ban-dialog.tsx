'use client';

// SPEC §2 'author-ban': shows the author's name and id; the wording and the action follow their
// status (banned → unban). A ban signs them out on their next request and hides everything they
// wrote; unban brings it all back (DESIGN §5). The reason, optional, goes to the moderation log.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { BAN_REASON_MAX } from '@/server/modules/users/moderation.schema';
import { toggleBan } from './staff-api';
import type { AuthorBanDialogProps } from './staff-dialog-types';
import styles from './staff.module.css';

export default function AuthorBanDialog({ author, action, onDone }: AuthorBanDialogProps) {
  const router = useRouter();
  const { closeDialog, showMessage } = useDialog();
  const [reason, setReason] = useState('');
  const banned = action === 'unban';
  const name = author.name.trim() || 'This writer';

  const change = useMutation(() => toggleBan(author.id, reason.trim()), {
    onSuccess: () => {
      closeDialog();
      onDone?.();
      router.refresh();
      showMessage(banned ? `${name} is no longer banned.` : `${name} is banned.`);
    },
  });

  return (
    <DialogShell
      title={banned ? 'Unban author' : 'Ban author'}
      description={
        banned
          ? 'Their stories, profile and lists come back everywhere, and they can sign in again.'
          : 'They are signed out at once and cannot sign in; their stories, profile and lists vanish from every page. Nothing is deleted: unbanning brings it all back.'
      }
      size="small"
    >
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{name}</dd>
        <dt>User id</dt>
        <dd>
          <code>{author.id}</code>
        </dd>
      </dl>
      <Field label="Reason (optional, kept in the moderation log)">
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            maxLength={BAN_REASON_MAX}
            value={reason}
            disabled={change.busy}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <div className={styles.dialogActions}>
        <Button variant="outline" disabled={change.busy} onClick={closeDialog}>
          Cancel
        </Button>
        <Button variant={banned ? 'primary' : 'danger'} busy={change.busy} onClick={() => void change.run()}>
          {banned ? 'Unban author' : 'Ban author'}
        </Button>
      </div>
    </DialogShell>
  );
}
