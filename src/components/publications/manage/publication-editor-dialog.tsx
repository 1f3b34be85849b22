'use client';

// SPEC §2 'publication-editor': Change user role, Remove this editor.
import type { MemberDialogProps } from './manage-dialog-types';
import { MemberMenuDialog } from './member-menu-dialog';

export default function PublicationEditorDialog(props: MemberDialogProps) {
  return <MemberMenuDialog {...props} title="Editor" removeLabel="Remove this editor" />;
}
