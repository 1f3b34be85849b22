'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Puts text on the clipboard: the clipboard API where the page may use it (secure origins), else the
 * older select-and-copy way. Resolves to whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (an insecure origin, an embed): try the old way.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.appendChild(field);
  field.select();
  let done = false;
  try {
    done = document.execCommand('copy');
  } catch {
    done = false;
  }
  field.remove();
  return done;
}

export type CopyState = 'idle' | 'copied' | 'failed';

/** A Copy button's state: 'copied' or 'failed' for `showFor` ms after a copy, then 'idle' again. */
export function useCopyText(showFor: number) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      setState((await copyText(text)) ? 'copied' : 'failed');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setState('idle'), showFor);
    },
    [showFor],
  );

  return { state, copy };
}
