'use client';

// Opens the writers dialog (SPEC §2 'writers'), starting from the words searched for.
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';

export function WritersButton({ q }: { q: string }) {
  const { openDialog } = useDialog();
  return (
    <Button variant="outline" onClick={() => openDialog('writers', { q })}>
      Find writers
    </Button>
  );
}
