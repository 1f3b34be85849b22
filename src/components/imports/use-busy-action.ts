'use client';

import { useCallback, useState } from 'react';
import { toErrorMessage } from '@/lib/api-client';

/**
 * One request at a time from a panel's button (the import and export panels, issue 23): `run` marks
 * the panel busy, clears the last error, awaits the work and keeps the error's message if it fails.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(toErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
