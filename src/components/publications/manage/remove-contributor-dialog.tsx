'use client';

// SPEC §2 'remove-author' (remove author / editor): confirms with the person's name and a Remove
// button; DELETE /api/publications/removeContributor?id={publicationId} {authorId}; 'Removed successfully!'.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { REMOVED_SUCCESSFULLY } from '@/server/modules/publications/publications.limits';
import { removeContributor, type PublicationMember } from './manage-api';
import type { MemberDialogProps } from './manage-dialog-types';
import { MemberSubject } from './member-subject';
import styles from './manage-dialogs.module.css';

/** How the dialog names what the person is (wording only: the server decides who may be removed). */
const MEMBER_NOUN: Record<PublicationMember['userRole'], string> = {
  publication_owner: 'owner',
  publication_editor: 'editor',
  publication_author: 'author',
};

export default function RemoveContributorDialog({ publication, member, onDone }: MemberDialogProps) {
  const { closeDialog, showMessage } = useDialog();
  const noun = MEMBER_NOUN[member.userRole];
  const remove = useMutation(() => removeContributor(publication.id, member.userId), {
    onSuccess: () => {
      onDone?.();
      showMessage(REMOVED_SUCCESSFULLY);
    },
  });

  return (
    <DialogShell title={`Remove ${noun}`} size="small">
      <p className={styles.question}>
        Remove <strong>{member.name}</strong> from {publication.name}?
      </p>
      <MemberSubject member={member} />
      <div className={styles.form}>
        <p className={styles.text}>
          They lose their place in {publication.name} and its studio at once. You can add them again later
          with their user id.
        </p>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={closeDialog} disabled={remove.busy}>
            Cancel
          </Button>
          <Button variant="danger" busy={remove.busy} busyLabel="Removing…" onClick={() => void remove.run()}>
            Remove
          </Button>
        </div>
      </div>
    </DialogShell>
  );
}
