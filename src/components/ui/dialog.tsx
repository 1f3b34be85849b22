'use client';

// The modal every dialog is drawn in: Radix Dialog brings the focus trap, Escape and outside click,
// scroll lock and the aria wiring. While `busy` it cannot be closed by any of them (SPEC §2).
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './dialog.module.css';
import { CloseIcon } from './icons';

export type DialogProps = {
  title: ReactNode;
  /** Shown under the title and announced as the dialog's description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Asked to close (Escape, outside click, the close button); never called while busy. */
  onClose: () => void;
  /** A request is in flight: closing is blocked and the close button disabled. */
  busy?: boolean;
  size?: 'small' | 'medium' | 'large';
  /** Visually hide the title (it is still announced). */
  hideTitle?: boolean;
};

export function Dialog({
  title,
  description,
  children,
  onClose,
  busy = false,
  size = 'medium',
  hideTitle,
}: DialogProps) {
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
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
              <CloseIcon size={20} />
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
