'use client';

// SPEC §2 'delete-publication-user' (the owner's version): adds a contact-support note; afterwards /me.
import { DeletePublicationDialog } from './delete-publication-dialog';
import type { DeletePublicationDialogProps } from './manage-dialog-types';
import styles from './manage-dialogs.module.css';

export default function DeletePublicationUserDialog(props: DeletePublicationDialogProps) {
  return (
    <DeletePublicationDialog
      {...props}
      note={
        <p className={styles.note}>
          Want to keep some of its stories, or hand the publication to someone else instead?{' '}
          <a href={props.supportHref}>Contact support</a> before you delete it.
        </p>
      }
      // A full load, not router.push: the header's user menu then lists the user's publications afresh.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
      after={() => window.location.assign('/me')}
    />
  );
}
