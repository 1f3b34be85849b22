'use client';

// SPEC §2 'add-author'.
import { AddContributorDialog } from './add-contributor-dialog';
import type { AddContributorDialogProps } from './manage-dialog-types';

export default function AddAuthorDialog(props: AddContributorDialogProps) {
  return <AddContributorDialog {...props} role="publication_author" />;
}
