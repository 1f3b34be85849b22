'use client';

// Opens SPEC §2's 'subscribe-email' dialog, the standalone subscription to the fixed anxiety topic
// (SPEC §9); shown where a reader meets the topic, on the anxiety tag's page.
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';

export function AnxietySubscribeButton({ className }: { className?: string }) {
  const { openDialog } = useDialog();
  return (
    <Button
      variant="outline"
      size="small"
      className={className}
      onClick={() => openDialog('subscribe-email')}
    >
      Get letters for anxious days
    </Button>
  );
}
