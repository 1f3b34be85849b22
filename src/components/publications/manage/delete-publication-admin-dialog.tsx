'use client';

// SPEC §2 'delete-publication-admin' (the site admin's version): warns that it permanently deletes the
// publication and all its articles; afterwards the page reloads. The admin area it was opened from is
// gone with the publication, so the reload lands on the publication listing rather than a 404.
import { DeletePublicationDialog } from './delete-publication-dialog';
import type { DeletePublicationDialogProps } from './manage-dialog-types';

export default function DeletePublicationAdminDialog(props: DeletePublicationDialogProps) {
  return <DeletePublicationDialog {...props} after={() => window.location.replace('/publications')} />;
}
