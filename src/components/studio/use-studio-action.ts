'use client';

// SPEC §4 after an action: on success the dialog closes, the studio reloads and the user is back on
// the stored page; on failure the busy flag clears and the return-message dialog shows 'ERROR: …' (§8).
import { useRouter } from 'next/navigation';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import type { StudioStoryDialogProps } from './studio-dialog-types';

export function useStudioAction({
  onDone,
  returnPath,
}: Pick<StudioStoryDialogProps, 'onDone' | 'returnPath'>) {
  const router = useRouter();
  const { closeDialog } = useDialog();
  return useMutation((call: () => Promise<unknown>) => call(), {
    onSuccess: () => {
      closeDialog();
      onDone?.();
      const here = `${window.location.pathname}${window.location.search}`;
      if (returnPath && returnPath !== here) router.push(returnPath);
    },
  });
}
