'use client';

import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useDialog } from './dialog-provider';
import { dialogRegistry } from './dialog-registry';

/** Renders the one open dialog (if any). Mounted once, in the root Providers. */
export function DialogHost() {
  const { key, props, openId, closeDialog, setBusy } = useDialog();
  const DialogComponent = key ? dialogRegistry[key] : undefined;

  useEffect(() => {
    if (key && !DialogComponent) console.warn(`[dialogs] No dialog is registered for key '${key}'.`);
  }, [key, DialogComponent]);

  if (!key || !DialogComponent) return null;
  return (
    <DialogErrorBoundary
      key={openId}
      onError={() => {
        setBusy(false);
        closeDialog();
      }}
    >
      <Suspense fallback={null}>
        <DialogComponent {...props} />
      </Suspense>
    </DialogErrorBoundary>
  );
}

/** A dialog that throws while rendering must not take the page down with it. */
class DialogErrorBoundary extends Component<
  { children: ReactNode; onError: () => void },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('[dialogs] A dialog failed to render:', error);
    this.props.onError();
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
