'use client';

import { useEffect } from 'react';
import { isAbortError, toErrorMessage } from '@/lib/api-client';

type Follow<T> = {
  /** The job followed; nothing is asked without one. */
  id: string | undefined;
  /** Whether the server is still working on it. */
  running: boolean;
  /** The last answer: each new one asks again after `everyMs`. */
  latest: T | null;
  /** Asks the server (stable: a module function). */
  get: (id: string, signal: AbortSignal) => Promise<T>;
  /** Keeps the new answer (stable: a state setter). */
  onAnswer: (answer: T) => void;
  /** Keeps a failure's message (stable: a state setter). */
  onError: (message: string) => void;
  everyMs: number;
};

/** Follows a server job (an import's run, an export's archive) by asking its status until it stops. */
export function useFollow<T>({ id, running, latest, get, onAnswer, onError, everyMs }: Follow<T>): void {
  useEffect(() => {
    if (!running || !id) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      get(id, controller.signal)
        .then(onAnswer)
        .catch((caught: unknown) => {
          if (!isAbortError(caught)) onError(toErrorMessage(caught));
        });
    }, everyMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [running, id, latest, get, onAnswer, onError, everyMs]);
}
