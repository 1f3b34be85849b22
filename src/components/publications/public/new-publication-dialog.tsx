'use client';

// SPEC §2 new-publication: opened from the user menu and the publication popup.
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { PublicationForm } from './publication-form';

export default function NewPublicationDialog() {
  const { closeDialog } = useDialog();
  return (
    <DialogShell
      title="New publication"
      description="Give it a name, an address and a few words about it. You can invite writers afterwards."
      size="medium"
    >
      <PublicationForm variant="dialog" onCancel={closeDialog} />
    </DialogShell>
  );
}
