'use client';

import { useEffect, useRef } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import styles from './create-publication.module.css';

const CREATE_PATH = '/publications/create';

/**
 * /publications/create for a signed-out visitor: a publication belongs to its owner's account, so
 * the sign-in dialog opens by itself (once), as the editor routes do, and back here afterwards.
 */
export function CreatePublicationSignIn() {
  const { openDialog } = useDialog();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    openDialog('sso', { callbackUrl: CREATE_PATH });
  }, [openDialog]);

  return (
    <div className={`container ${styles.signIn}`}>
      <h1 className={styles.title}>Sign in to create a publication</h1>
      <p className={styles.lead}>
        A publication belongs to the account that creates it: you become its owner, and you invite its authors
        and editors.
      </p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => openDialog('sso', { callbackUrl: CREATE_PATH })}
      >
        Sign in or create an account
      </button>
    </div>
  );
}
