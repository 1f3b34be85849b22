'use client';

// A signed-out visitor of a publication's studio (SPEC §6: Studio prompts sign-in): the sso dialog
// opens by itself once, and the page offers it again; signing in comes back here.
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import styles from './publication-studio.module.css';

export function StudioSignIn({ publicationName }: { publicationName: string }) {
  const { openDialog } = useDialog();
  const pathname = usePathname() ?? '/';
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    openDialog('sso', { callbackUrl: pathname });
  }, [openDialog, pathname]);

  return (
    <div className={styles.signIn}>
      <p className={styles.eyebrow}>Publication studio</p>
      <h1 className={styles.title}>{publicationName}</h1>
      <p className={styles.lede}>
        Sign in to see the stories you submitted to this publication, or to review them if you are one of its
        editors.
      </p>
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
