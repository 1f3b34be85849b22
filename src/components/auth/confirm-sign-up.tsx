'use client';

// The sign-up mail's page: one button creates the account the link stands for and signs the person
// in (next-auth credentials, mode 'confirm'); then the home page, where the onboarding opens by itself
// for a new account (SPEC §4 "Onboarding").
import Link from '@/components/ui/link';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import styles from './confirm-sign-up.module.css';

export function ConfirmSignUp({ token }: { token: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    token ? null : 'This link is incomplete. Open the link from the mail again.',
  );

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await signIn('credentials', {
        mode: 'confirm',
        token,
        redirect: false,
        callbackUrl: '/',
      });
      if (!result || result.error || !result.ok) {
        setBusy(false);
        setError(result?.error || 'Sign-up could not be completed. Please try again.');
        return;
      }
      router.replace('/');
      router.refresh();
    } catch {
      setBusy(false);
      setError('Could not reach the server. Check your connection and try again.');
    }
  };

  return (
    <div className={`reading ${styles.page}`}>
      <h1 className={styles.title}>Confirm your e-mail</h1>
      <p className={styles.lead}>One click creates your Lamplight account and signs you in.</p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button busy={busy} busyLabel="Signing in…" disabled={!token} onClick={() => void confirm()}>
          Confirm and sign in
        </Button>
        <Link href="/" className="button button-outline">
          Not now
        </Link>
      </div>
    </div>
  );
}
