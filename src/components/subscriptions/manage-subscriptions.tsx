'use client';

// The subscriber's own page (issue 12 §6): the topics of the address a mail's link was made for, each
// with a way to leave it. No account needed: the link's signed token is the proof.
import { useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import type { ManageAnswer } from '@/server/modules/newsletters/newsletters.schema';
import { leaveTopic } from './subscribe-api';
import styles from './subscriptions.module.css';

const STATUS: Record<ManageAnswer['subscriptions'][number]['status'], string> = {
  active: 'Subscribed',
  pending: 'Waiting for your confirmation',
  unsubscribed: 'Unsubscribed',
};

export function ManageSubscriptions({ token, initial }: { token: string; initial: ManageAnswer }) {
  const [answer, setAnswer] = useState(initial);
  const leave = useMutation((topic: string) => leaveTopic(token, topic), {
    showError: 'inline',
    holdsDialog: false,
    onSuccess: setAnswer,
  });
  return (
    <>
      <h1 className={styles.title}>Your subscriptions</h1>
      <p className={styles.lead}>Mail sent to {answer.email}</p>
      {leave.error ? (
        <p role="alert" className={styles.muted}>
          {leave.error}
        </p>
      ) : null}
      {answer.subscriptions.length === 0 ? (
        <p className={styles.muted}>This address has no subscriptions.</p>
      ) : (
        <ul className={styles.list}>
          {answer.subscriptions.map((s) => (
            <li key={s.topic} className={styles.item}>
              <span>
                <strong>{s.name}</strong>
                <br />
                <span className={styles.status}>{STATUS[s.status]}</span>
              </span>
              {s.status === 'unsubscribed' ? null : (
                <Button
                  variant="outline"
                  size="small"
                  busy={leave.busy}
                  onClick={() => void leave.run(s.topic)}
                  aria-label={`Leave ${s.name}`}
                >
                  Leave
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
