'use client';

// Every write a form or dialog makes goes through here, so each gets SPEC's busy state and error
// text the same way: while the call is out the button is busy and the open dialog cannot close
// (SPEC §2, §4 "busy flag"); a failure clears the busy flag and shows 'ERROR: {message}; Detail:
// {detail}' (SPEC §8) in the return-message dialog, inside the form, or — for an action outside any
// dialog — in a toast (docs/decisions/018-typed-client-and-shared-frontend.md).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useToast } from '@/components/ui/toast';
import { toErrorMessage } from '@/lib/api-client';

/** Where a failure shows: SPEC §8's return-message dialog, the form itself (create-list), or a toast. */
export type ErrorDisplay = 'message' | 'inline' | 'toast';

export type MutationOptions<Result> = {
  showError?: ErrorDisplay;
  /** Hold the dialog host busy while the call is out, so the open dialog cannot close. Default true. */
  holdsDialog?: boolean;
  /** Runs after the busy flag is cleared, so it may close the dialog or open the next one. */
  onSuccess?: (result: Result) => void;
};

export type Mutation<Args extends unknown[], Result> = {
  /** Starts the call (ignored while one is out); resolves to its result, or undefined when it failed. */
  run: (...args: Args) => Promise<Result | undefined>;
  busy: boolean;
  /** The failure's text when showError is 'inline'; cleared by the next run or clearError(). */
  error: string | null;
  clearError: () => void;
};

export function useMutation<Args extends unknown[], Result>(
  action: (...args: Args) => Promise<Result>,
  { showError = 'message', holdsDialog = true, onSuccess }: MutationOptions<Result> = {},
): Mutation<Args, Result> {
  const { setBusy, showMessage } = useDialog();
  const { showToast } = useToast();
  const [busy, setLocalBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  // The latest callbacks, so `run` stays stable while the caller re-renders with new closures.
  const latest = useRef({ action, onSuccess });
  useEffect(() => {
    latest.current = { action, onSuccess };
  });

  // A form that goes away mid-call (a route change) must not leave the host busy for good.
  useEffect(
    () => () => {
      if (inFlight.current && holdsDialog) setBusy(false);
    },
    [holdsDialog, setBusy],
  );

  const run = useCallback(
    async (...args: Args): Promise<Result | undefined> => {
      if (inFlight.current) return undefined;
      inFlight.current = true;
      setLocalBusy(true);
      setError(null);
      if (holdsDialog) setBusy(true);
      try {
        const result = await latest.current.action(...args);
        if (holdsDialog) setBusy(false);
        latest.current.onSuccess?.(result);
        return result;
      } catch (failure) {
        const text = toErrorMessage(failure);
        if (showError === 'message') {
          showMessage(text); // clears the host's busy flag too
        } else {
          if (holdsDialog) setBusy(false);
          if (showError === 'inline') setError(text);
          else showToast(text);
        }
        return undefined;
      } finally {
        inFlight.current = false;
        setLocalBusy(false);
      }
    },
    [holdsDialog, setBusy, showError, showMessage, showToast],
  );

  const clearError = useCallback(() => setError(null), []);
  return { run, busy, error, clearError };
}
