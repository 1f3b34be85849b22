'use client';

import Link from '@/components/ui/link';
import { useEffect } from 'react';
import styles from './status-view.module.css';

/** The body of the error boundaries (app/error.tsx, app/(site)/error.tsx). */
export function ErrorView({
  error,
  retry,
  standalone = false,
}: {
  error: unknown;
  retry: () => void;
  standalone?: boolean;
}) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const digest =
    typeof error === 'object' && error !== null && 'digest' in error
      ? String((error as { digest?: unknown }).digest ?? '')
      : '';

  return (
    <div className={standalone ? styles.page : styles.inline}>
      <div className={styles.body} role="alert">
        <p className={styles.code}>Error</p>
        <h1 className={styles.title}>Something went wrong</h1>
        <p className={styles.text}>
          We could not show this page just now. Please try again; if it keeps happening, come back in a little
          while.
        </p>
        {digest ? <p className={styles.digest}>Reference: {digest}</p> : null}
        <div className={styles.actions}>
          <button type="button" className="button button-primary" onClick={() => retry()}>
            Try again
          </button>
          <Link href="/" className="button button-outline">
            Go to the home page
          </Link>
        </div>
      </div>
    </div>
  );
}
