'use client';

// The frame every dialog uses: a Radix modal (focus trap, Escape, outside click, scroll lock, aria wiring)
// that cannot be closed while the host is busy (SPEC §2).
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useDialog } from './dialog-provider';
import styles from './dialog-shell.module.css';

export type DialogShellProps = {
  title: ReactNode;
  /** Shown under the title and announced as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Defaults to the host's closeDialog. Never called while busy. */
  onClose?: () => void;
  size?: 'small' | 'medium' | 'large';
  /** Visually hide the title (it is still announced). */
  hideTitle?: boolean;
};

export function DialogShell({
  title,
  description,
  children,
  onClose,
  size = 'medium',
  hideTitle,
}: DialogShellProps) {
  const { busy, closeDialog } = useDialog();
  const close = onClose ?? closeDialog;

  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) close();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={`${styles.content} ${styles[size]}`}
          aria-busy={busy || undefined}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label="Close dialog" disabled={busy}>
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path
                  d="M5 5l10 10M15 5L5 15"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinecap="round"
                />
              </svg>
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
          <div className={styles.body}>{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
