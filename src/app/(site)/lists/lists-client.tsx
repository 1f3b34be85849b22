'use client';

import { SignInPanel } from '@/components/auth/sign-in-panel';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { PlusIcon } from '@/components/lists/list-icons';
import styles from './lists.module.css';

/** Opens the create-list dialog (SPEC §2). */
export function CreateListButton({ variant = 'primary' }: { variant?: 'primary' | 'outline' }) {
  const { openDialog } = useDialog();
  return (
    <button
      type="button"
      className={`button ${variant === 'primary' ? 'button-dark' : 'button-outline'}`}
      onClick={() => openDialog('create-list', {})}
    >
      <PlusIcon size={18} />
      New list
    </button>
  );
}

/** /lists for a signed-out visitor: lists belong to an account. */
export function ListsSignIn() {
  return (
    <SignInPanel className={styles.signIn}>
      <h1 className={styles.title}>Your lists</h1>
      <p className={styles.lead}>Sign in to keep stories in reading lists of your own, private or public.</p>
    </SignInPanel>
  );
}
