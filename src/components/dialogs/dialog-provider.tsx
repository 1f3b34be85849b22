'use client';

// The dialog host state of SPEC §2/§4: one dialog at a time by key, a busy flag that blocks closing while
// a request is in flight, a stored notice for the return-message dialog and a stored redirect path.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { DialogKey, DialogPropsOf, Notice } from './dialog-keys';

export type DialogState = {
  key: DialogKey | null;
  props: Record<string, unknown>;
  busy: boolean;
  /** Where closing the return-message dialog goes; '/' means "stay". */
  redirectPath: string;
  notice: Notice | null;
  /** Bumped on every open, so re-opening the same key starts with fresh dialog state. */
  openId: number;
};

export type DialogApi = DialogState & {
  openDialog: <K extends DialogKey>(key: K, props?: DialogPropsOf<K>) => void;
  /** Closes the open dialog; ignored while busy (SPEC §2). */
  closeDialog: () => void;
  setBusy: (busy: boolean) => void;
  setRedirectPath: (path: string) => void;
  /** Clears busy and opens 'return-message' with the notice; redirectPath is followed when it closes. */
  showMessage: (notice: Notice, redirectPath?: string) => void;
};

const DialogContext = createContext<DialogApi | null>(null);

const initialState: DialogState = {
  key: null,
  props: {},
  busy: false,
  redirectPath: '/',
  notice: null,
  openId: 0,
};

export function DialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>(initialState);
  // Read by the callbacks so they stay stable and never act on a stale busy flag.
  const busyRef = useRef(false);

  const openDialog = useCallback(<K extends DialogKey>(key: K, props?: DialogPropsOf<K>) => {
    if (busyRef.current) {
      console.warn(`[dialogs] openDialog('${key}') ignored: a request is in flight.`);
      return;
    }
    setState((s) => ({ ...s, key, props: (props ?? {}) as Record<string, unknown>, openId: s.openId + 1 }));
  }, []);

  const closeDialog = useCallback(() => {
    if (busyRef.current) return;
    setState((s) => (s.key === null ? s : { ...s, key: null, props: {} }));
  }, []);

  const setBusy = useCallback((busy: boolean) => {
    busyRef.current = busy;
    setState((s) => (s.busy === busy ? s : { ...s, busy }));
  }, []);

  const setRedirectPath = useCallback((redirectPath: string) => {
    setState((s) => ({ ...s, redirectPath }));
  }, []);

  const showMessage = useCallback((notice: Notice, redirectPath?: string) => {
    busyRef.current = false;
    setState((s) => ({
      ...s,
      key: 'return-message',
      props: {},
      busy: false,
      notice,
      redirectPath: redirectPath ?? s.redirectPath,
      openId: s.openId + 1,
    }));
  }, []);

  const value = useMemo<DialogApi>(
    () => ({ ...state, openDialog, closeDialog, setBusy, setRedirectPath, showMessage }),
    [state, openDialog, closeDialog, setBusy, setRedirectPath, showMessage],
  );

  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

/** The dialog host: state plus openDialog / closeDialog / setBusy / setRedirectPath / showMessage. */
export function useDialog(): DialogApi {
  const value = useContext(DialogContext);
  if (!value) throw new Error('useDialog() must be used inside <DialogProvider>.');
  return value;
}
