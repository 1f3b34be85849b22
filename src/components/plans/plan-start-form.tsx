'use client';

// Starting a reading plan (docs/decisions/050-reading-plans.md): the local time each day is mailed
// and the time zone (the browser's by default), and — signed out, or to mail another address — the
// e-mail address, which gets a confirmation link first (double opt-in).
import { useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { browserTimeZone } from '@/lib/time-zone';
import { DEFAULT_SEND_AT, PLAN_MESSAGES, SEND_AT_RE } from '@/server/modules/plans/plans.limits';
import { startPlan, type ReaderProgress } from './plans-api';
import styles from './plan-page.module.css';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function timeZones(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return [...new Set([...zones, 'UTC', current])].sort();
}

export function PlanStartForm({
  planId,
  signedIn,
  onStarted,
}: {
  planId: string;
  signedIn: boolean;
  /** The signed-in reader's progress once started (null: a confirmation mail was sent instead). */
  onStarted: (progress: ReaderProgress | null) => void;
}) {
  const [email, setEmail] = useState('');
  const [sendAt, setSendAt] = useState(DEFAULT_SEND_AT);
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(timeZone), [timeZone]);

  const start = useMutation(
    () =>
      startPlan(planId, {
        ...(email.trim() && { email: email.trim() }),
        timeZone,
        sendAt,
      }),
    {
      showError: 'inline',
      holdsDialog: false,
      onSuccess: (answer) => {
        if (answer.progress && answer.status !== 'unconfirmed') onStarted(answer.progress);
        else setSent(answer.message);
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (start.busy) return;
    if ((!signedIn || email.trim()) && !EMAIL_RE.test(email.trim())) {
      setProblem(PLAN_MESSAGES.emailNeeded);
      return;
    }
    if (!SEND_AT_RE.test(sendAt)) {
      setProblem(PLAN_MESSAGES.sendAt);
      return;
    }
    setProblem(null);
    void start.run();
  };

  if (sent) {
    return (
      <div>
        <h2 className={styles.readerTitle}>Check your inbox</h2>
        <p className={styles.message} role="status">
          {sent}
        </p>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Start this reading plan">
      <h2 className={`${styles.readerTitle} ${styles.wide}`}>Start this plan</h2>
      <Field
        className={styles.wide}
        label="E-mail address"
        hint={
          signedIn
            ? 'Leave it empty to get the days at your account’s address.'
            : 'We send a link to confirm it first.'
        }
        error={problem === PLAN_MESSAGES.emailNeeded ? problem : null}
      >
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            disabled={start.busy}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label="Send each day at" error={problem === PLAN_MESSAGES.sendAt ? problem : null}>
        {(control) => (
          <input
            {...control}
            type="time"
            step={60}
            value={sendAt}
            disabled={start.busy}
            onChange={(event) => setSendAt(event.target.value.slice(0, 5))}
          />
        )}
      </Field>
      <Field label="Time zone">
        {(control) => (
          <select
            {...control}
            value={timeZone}
            disabled={start.busy}
            onChange={(event) => setTimeZone(event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className={styles.formActions}>
        <Button type="submit" busy={start.busy} busyLabel="Starting…">
          Start the plan
        </Button>
        {start.error ? (
          <p className={styles.error} role="alert">
            {start.error}
          </p>
        ) : null}
      </div>
    </form>
  );
}
