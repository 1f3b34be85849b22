'use client';

// The confirmation page of a mail's double opt-in link (DESIGN §6). Opening the link only shows the
// subscription: mail scanners and browsers' prefetches fetch every link in a mail, so only this
// button confirms (docs/decisions/024-newsletters.md). The button is a plain form that posts to the
// API, which sends the browser back to this page, so it works before and without script; with
// script, the same button calls the API and the page changes in place.
import Link from '@/components/ui/link';
import { useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { LampMark } from '@/components/ui/icons';
import { confirmWithToken } from './subscribe-api';
import styles from './subscriptions.module.css';

type Props = {
  token: string;
  /** The topic's name. */
  name: string;
  email: string;
  /** The subscriber's own page, once the subscription is active; null while it waits. */
  manageToken: string | null;
};

export function ConfirmSubscriptionView({ token, name, email, manageToken: confirmedManageToken }: Props) {
  const [manageToken, setManageToken] = useState(confirmedManageToken);
  const confirm = useMutation(() => confirmWithToken(token), {
    showError: 'inline',
    holdsDialog: false,
    onSuccess: (answer) => setManageToken(answer.manageToken),
  });

  if (manageToken !== null) {
    return (
      <>
        <LampMark size={56} />
        <h1 className={styles.title}>Your subscription is confirmed</h1>
        <p className={styles.lead}>
          You will receive <strong>{name}</strong> by e-mail. Every letter has a link to unsubscribe.
        </p>
        <div className={styles.actions}>
          <Link href="/" className="button button-primary">
            Read stories
          </Link>
          <Link
            href={`/subscriptions/manage?token=${encodeURIComponent(manageToken)}`}
            className="button button-outline"
          >
            Manage your subscriptions
          </Link>
        </div>
      </>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void confirm.run();
  };
  return (
    <>
      <LampMark size={56} />
      <h1 className={styles.title}>Confirm your subscription</h1>
      <p className={styles.lead}>
        Send <strong>{name}</strong> to <strong className={styles.address}>{email}</strong>?
      </p>
      {confirm.error ? (
        <p role="alert" className={styles.muted}>
          {confirm.error}
        </p>
      ) : null}
      <form
        method="post"
        action="/api/subscriptions/confirm/form"
        onSubmit={onSubmit}
        className={styles.actions}
      >
        <input type="hidden" name="token" value={token} />
        <Button type="submit" busy={confirm.busy} busyLabel="Loading...">
          Confirm subscription
        </Button>
      </form>
      <p className={`${styles.muted} ${styles.note}`}>
        Did not ask for this? Ignore the mail: nothing is sent to you unless you confirm.
      </p>
    </>
  );
}
