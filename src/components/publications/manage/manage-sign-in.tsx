'use client';

// The edit page and admin area for a signed-out visitor: they belong to a publication's people.
import { usePathname } from 'next/navigation';
import { useDialog } from '@/components/dialogs/dialog-provider';
import styles from './manage.module.css';

export function ManageSignIn({ title }: { title: string }) {
  const { openDialog } = useDialog();
  const pathname = usePathname() ?? '/';
  return (
    <div className={`${styles.page} ${styles.signIn}`}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.sectionLead}>Sign in as one of the publication’s owners or editors to continue.</p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => openDialog('sso', { callbackUrl: pathname })}
      >
        Sign in or create an account
      </button>
    </div>
  );
}
