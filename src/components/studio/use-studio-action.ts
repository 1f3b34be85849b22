'use client';

// SPEC §4 after an action: on success the dialog closes, the studio reloads and the user is back on
// the stored page; on failure the busy flag clears and the return-message dialog shows 'ERROR: …' (§8).
import { useRouter } from 'next/navigation';
import { useCallback } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { toErrorMessage } from '@/lib/api-client';
import type { StudioStoryDialogProps } from './studio-dialog-types';

export function useStudioAction({
  onDone,
  returnPath,
}: Pick<StudioStoryDialogProps, 'onDone' | 'returnPath'>) {
  const router = useRouter();
  const { busy, setBusy, closeDialog, showMessage } = useDialog();

  const run = useCallback(
    async (call: () => Promise<unknown>) => {
      setBusy(true);
      try {
        await call();
      } catch (failure) {
        showMessage(toErrorMessage(failure)); // clears busy too
        return;
      }
      setBusy(false);
      closeDialog();
      onDone?.();
      const here = `${window.location.pathname}${window.location.search}`;
      if (returnPath && returnPath !== here) router.push(returnPath);
    },
    [setBusy, showMessage, closeDialog, onDone, returnPath, router],
  );

  return { busy, run };
}
