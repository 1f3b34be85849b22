'use client';

// SPEC §2 delete publication, in two versions: the owner's ('delete-publication-user': a
// contact-support note, then /me) and the site admin's ('delete-publication-admin': a warning that it
// permanently deletes the publication and all its articles, then the page reloads). Both call
// DELETE /api/publications/{id}, which removes it with its collections, members and articles.
import type { ReactNode } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { PublicationLogo } from '@/components/publications/public/publication-logo';
import { Button } from '@/components/ui/button';
import { deletePublication } from './manage-api';
import type { DeletePublicationDialogProps } from './manage-dialog-types';
import { publicationHome } from './publication-paths';
import styles from './manage-dialogs.module.css';

type DeletePublicationProps = DeletePublicationDialogProps & {
  /** Shown under the warning (the owner's contact-support note). */
  note?: ReactNode;
  /** Where the browser goes once it is deleted (a full load: menus and lists forget it). */
  after: () => void;
};

export function DeletePublicationDialog({ publication, note, after }: DeletePublicationProps) {
  const { closeDialog } = useDialog();
  const remove = useMutation(() => deletePublication(publication.id), { onSuccess: after });

  return (
    <DialogShell title="Delete publication" size="small">
      <div className={styles.subject}>
        <PublicationLogo name={publication.name} image={publication.image} size={40} ringed />
        <div className={styles.subjectText}>
          <span className={styles.subjectName}>{publication.name}</span>
          <span className={styles.subjectMeta}>{publicationHome(publication.subdomain)}</span>
        </div>
      </div>
      <div className={styles.form}>
        <p className={styles.warning}>
          This permanently deletes the publication and all its articles, with its collections and its list of
          editors and authors. It cannot be undone.
        </p>
        {note}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={closeDialog} disabled={remove.busy}>
            Cancel
          </Button>
          <Button variant="danger" busy={remove.busy} busyLabel="Deleting…" onClick={() => void remove.run()}>
            Delete publication
          </Button>
        </div>
      </div>
    </DialogShell>
  );
}
