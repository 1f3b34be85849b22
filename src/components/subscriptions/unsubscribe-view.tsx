'use client';

// The unsubscribe page's button (a mail's link opens the page; only this POST unsubscribes, so a
// link scanner fetching the page changes nothing). The mail's List-Unsubscribe header does the same
// POST in one click (RFC 8058).
import Link from '@/components/ui/link';
import { useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { unsubscribe } from './subscribe-api';
import styles from './subscriptions.module.css';

type Props = { token: string; name: string; manageToken: string; alreadyLeft: boolean };

export function UnsubscribeView({ token, name, manageToken, alreadyLeft }: Props) {
  const [left, setLeft] = useState(alreadyLeft);
  const leave = useMutation(() => unsubscribe(token), {
    showError: 'inline',
    holdsDialog: false,
    onSuccess: () => setLeft(true),
  });
  const manage = `/subscriptions/manage?token=${encodeURIComponent(manageToken)}`;
  return (
    <>
      <h1 className={styles.title}>{left ? 'You have unsubscribed' : `Unsubscribe from ${name}?`}</h1>
      <p className={styles.lead}>
        {left
          ? `You will get no more mail from ${name}.`
          : `You will get no more mail from ${name}. Your other subscriptions stay as they are.`}
      </p>
      {leave.error ? (
        <p role="alert" className={styles.muted}>
          {leave.error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {left ? null : (
          <Button variant="danger" busy={leave.busy} busyLabel="Loading..." onClick={() => void leave.run()}>
            Unsubscribe
          </Button>
        )}
        <Link href={manage} className="button button-outline">
          Manage your subscriptions
        </Link>
      </div>
    </>
  );
}
