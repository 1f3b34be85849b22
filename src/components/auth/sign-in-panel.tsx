'use client';

// A page that needs an account, seen signed out: the page says what it is and why (children), then
// the button that opens the sso dialog; signing in comes back to this page.
import { usePathname } from 'next/navigation';
import { useEffect, useRef, type ReactNode } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';

type SignInPanelProps = {
  /** The page's own frame for the message and the button. */
  className: string;
  children: ReactNode;
  /** Open the sso dialog by itself, once, on arrival: the page has nothing else to show. */
  openOnArrival?: boolean;
};

export function SignInPanel({ className, children, openOnArrival = false }: SignInPanelProps) {
  const { openDialog } = useDialog();
  const callbackUrl = usePathname() ?? '/';
  const opened = useRef(false);
  useEffect(() => {
    if (!openOnArrival || opened.current) return;
    opened.current = true;
    openDialog('sso', { callbackUrl });
  }, [openOnArrival, openDialog, callbackUrl]);

  return (
    <div className={className}>
      {children}
      <button
        type="button"
        className="button button-primary"
        onClick={() => openDialog('sso', { callbackUrl })}
      >
        Sign in or create an account
      </button>
    </div>
  );
}
