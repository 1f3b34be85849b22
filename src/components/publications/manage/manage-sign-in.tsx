'use client';

// The edit page and admin area for a signed-out visitor: they belong to a publication's people.
import { SignInPanel } from '@/components/auth/sign-in-panel';
import styles from './manage-sign-in.module.css';

export function ManageSignIn({ title }: { title: string }) {
  return (
    <SignInPanel className={`${styles.page} ${styles.signIn}`}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.sectionLead}>Sign in as one of the publication’s owners or editors to continue.</p>
    </SignInPanel>
  );
}
