'use client';

// Short notices that do not take the page away: Radix Toast (announced politely, paused on hover and
// focus, dismissed by swipe, Escape or its button). Used for failures of actions outside any dialog
// (pin, load more); failures inside a dialog go to the return-message dialog (SPEC §8).
import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import styles from './toast.module.css';
import { CloseIcon } from './icons';

export type ToastTone = 'error' | 'info';
type Toast = { id: number; message: string; tone: ToastTone };
type ToastApi = { showToast: (message: string, tone?: ToastTone) => void };

const ToastContext = createContext<ToastApi | null>(null);

/** Long enough to read an 'ERROR: …; Detail: …' line. */
const DURATION_MS = 8000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(0);

  const showToast = useCallback((message: string, tone: ToastTone = 'error') => {
    const id = ++nextId.current;
    setToasts((current) => [...current, { id, message, tone }]);
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));
  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={api}>
      <RadixToast.Provider duration={DURATION_MS} swipeDirection="right" label="Notification">
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            className={styles.toast}
            data-tone={toast.tone}
            // An error interrupts the screen reader; other notices wait their turn.
            type={toast.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) remove(toast.id);
            }}
          >
            <RadixToast.Description className={styles.message}>{toast.message}</RadixToast.Description>
            <RadixToast.Close className={styles.close} aria-label="Dismiss">
              <CloseIcon size={16} strokeWidth={1.8} />
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className={styles.viewport} />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** showToast(message, tone = 'error'). */
export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast() must be used inside <ToastProvider>.');
  return value;
}
