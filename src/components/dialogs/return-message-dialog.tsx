'use client';

// SPEC §2 return message: shows the stored notice; closing it follows the stored redirect path
// (unless it is '/'), which is then reset to '/'.
import { useRouter } from 'next/navigation';
import { DialogShell } from './dialog-shell';
import { useDialog } from './dialog-provider';
import { noticeText } from './dialog-keys';
import styles from './dialogs.module.css';

export default function ReturnMessageDialog() {
  const router = useRouter();
  const { notice, redirectPath, closeDialog, setRedirectPath } = useDialog();
  const text = noticeText(notice);
  const isError = /^error\b/i.test(text);

  const close = () => {
    closeDialog();
    if (redirectPath && redirectPath !== '/') {
      router.push(redirectPath);
      setRedirectPath('/');
    }
  };

  return (
    <DialogShell title={isError ? 'Something went wrong' : 'Message'} size="small" onClose={close}>
      <p className={isError ? styles.errorText : styles.messageText} role={isError ? 'alert' : 'status'}>
        {text}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button button-primary" onClick={close} autoFocus>
          OK
        </button>
      </div>
    </DialogShell>
  );
}
