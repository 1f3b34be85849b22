'use client';

// /me's "Reading plans" (docs/decisions/050-reading-plans.md): every plan the signed-in reader
// started, with their progress bar, streak and next mail. Nothing for a visitor who is not signed in.
import Link from '@/components/ui/link';
import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { isAbortError, toErrorMessage } from '@/lib/api-client';
import { fetchMyPlans, type MinePlans } from './plans-api';
import { PlanProgress } from './plan-progress';
import styles from './my-plans.module.css';

export function MyPlansSection() {
  const { status } = useSession();
  const [plans, setPlans] = useState<MinePlans['plans'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (status !== 'authenticated') return;
    const controller = new AbortController();
    fetchMyPlans(undefined, controller.signal).then(
      (answer) => setPlans(answer.plans),
      (failure: unknown) => {
        if (!isAbortError(failure)) setError(toErrorMessage(failure));
      },
    );
    return () => controller.abort();
  }, [status]);

  if (status !== 'authenticated') return null;
  return (
    <section className={styles.section} aria-labelledby="my-reading-plans">
      <h2 id="my-reading-plans" className={styles.title}>
        Reading plans
      </h2>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : plans === null ? (
        <p className={styles.note}>Loading…</p>
      ) : plans.length === 0 ? (
        <p className={styles.note}>
          You have not started a reading plan yet. Publications offer them: a story a day, by e-mail.
        </p>
      ) : (
        <ul className={styles.list}>
          {plans.map(({ plan, progress }) => (
            <li key={plan.id} className={styles.item} aria-label={plan.title}>
              <h3 className={styles.planTitle}>
                <Link href={`/plans/${plan.id}`}>{plan.title}</Link>
              </h3>
              <p className={styles.note}>{plan.publicationName}</p>
              <PlanProgress progress={progress} label={`Days read of ${plan.title}`} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
