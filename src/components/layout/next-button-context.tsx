'use client';

// The header's Next button on /stories/new-story and /stories/edit/{id} (SPEC §2). The editor page owns
// what it does: it calls useNextButton({ disabled, onClick }) and the header renders the result.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export type NextButtonConfig = {
  disabled: boolean;
  onClick?: () => void;
  /** Visible text; defaults to 'Next'. */
  label?: string;
  /** Accessible name; defaults to the visible label. */
  ariaLabel?: string;
};

const DEFAULT_CONFIG: NextButtonConfig = { disabled: true };

const NextButtonStateContext = createContext<NextButtonConfig>(DEFAULT_CONFIG);
const NextButtonSetterContext = createContext<((config: NextButtonConfig | null) => void) | null>(null);

export function NextButtonProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<NextButtonConfig | null>(null);
  const set = useCallback((next: NextButtonConfig | null) => setConfig(next), []);
  return (
    <NextButtonSetterContext.Provider value={set}>
      <NextButtonStateContext.Provider value={config ?? DEFAULT_CONFIG}>
        {children}
      </NextButtonStateContext.Provider>
    </NextButtonSetterContext.Provider>
  );
}

/**
 * Called by the editor page: wires the header's Next button while the page is mounted.
 * `onClick` may change every render; the latest one is always called.
 */
export function useNextButton({ disabled, onClick, label, ariaLabel }: NextButtonConfig): void {
  const setConfig = useContext(NextButtonSetterContext);
  if (!setConfig)
    throw new Error('useNextButton() must be used inside <NextButtonProvider> (the (site) layout).');
  const onClickRef = useRef(onClick);
  useEffect(() => {
    onClickRef.current = onClick;
  });
  const hasOnClick = Boolean(onClick);

  useEffect(() => {
    setConfig({
      disabled: disabled || !hasOnClick,
      label,
      ariaLabel,
      onClick: () => onClickRef.current?.(),
    });
  }, [setConfig, disabled, hasOnClick, label, ariaLabel]);

  useEffect(() => () => setConfig(null), [setConfig]);
}

/** Read by the header. */
export function useNextButtonState(): NextButtonConfig {
  return useContext(NextButtonStateContext);
}
