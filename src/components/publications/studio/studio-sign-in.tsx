'use client';

// A signed-out visitor of a publication's studio (SPEC §6: Studio prompts sign-in): the sso dialog
// opens by itself once, and the page offers it again; signing in comes back here.
import { SignInPanel } from '@/components/auth/sign-in-panel';
import styles from './publication-studio.module.css';

export function StudioSignIn({ publicationName }: { publicationName: string }) {
  return (
    <SignInPanel className={styles.signIn} openOnArrival>
      <p className={styles.eyebrow}>Publication studio</p>
      <h1 className={styles.title}>{publicationName}</h1>
      <p className={styles.lede}>
        Sign in to see the stories you submitted to this publication, or to review them if you are one of its
        editors.
      </p>
    </SignInPanel>
  );
}
