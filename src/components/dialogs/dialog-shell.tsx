'use client';

// A dialog of the host (SPEC §2): the ui Dialog, closed through the host and unclosable while the
// host is busy with a request (useMutation holds it busy).
import { Dialog, type DialogProps } from '@/components/ui/dialog';
import { useDialog } from './dialog-provider';

export type DialogShellProps = Omit<DialogProps, 'busy' | 'onClose'> & {
  /** Defaults to the host's closeDialog. Never called while busy. */
  onClose?: () => void;
};

export function DialogShell({ onClose, ...props }: DialogShellProps) {
  const { busy, closeDialog } = useDialog();
  return <Dialog {...props} busy={busy} onClose={onClose ?? closeDialog} />;
}
