'use client';

import { SignInPanel } from '@/components/auth/sign-in-panel';
import styles from './create-publication.module.css';

/**
 * /publications/create for a signed-out visitor: a publication belongs to its owner's account, so
 * the sign-in dialog opens by itself (once), as the editor routes do, and back here afterwards.
 */
export function CreatePublicationSignIn() {
  return (
    <SignInPanel className={`container ${styles.signIn}`} openOnArrival>
      <h1 className={styles.title}>Sign in to create a publication</h1>
      <p className={styles.lead}>
        A publication belongs to the account that creates it: you become its owner, and you invite its authors
        and editors.
      </p>
    </SignInPanel>
  );
}
