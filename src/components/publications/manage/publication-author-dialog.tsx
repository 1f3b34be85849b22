'use client';

// SPEC §2 'publication-author': Change user role, Remove the author.
import type { MemberDialogProps } from './manage-dialog-types';
import { MemberMenuDialog } from './member-menu-dialog';

export default function PublicationAuthorDialog(props: MemberDialogProps) {
  return <MemberMenuDialog {...props} title="Author" removeLabel="Remove the author" />;
}
