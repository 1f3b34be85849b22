'use client';

// SPEC §2 'add-editor'.
import { AddContributorDialog } from './add-contributor-dialog';
import type { AddContributorDialogProps } from './manage-dialog-types';

export default function AddEditorDialog(props: AddContributorDialogProps) {
  return <AddContributorDialog {...props} role="publication_editor" />;
}
