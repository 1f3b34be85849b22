'use client';

// The Reading plans section of a publication's admin page (docs/decisions/050-reading-plans.md): its
// plans with how many readers started, are active (a day read or mailed within a week) and finished,
// and the form that makes one from a collection. Shown only to whom the API lets manage them (the
// owner): an editor gets 403 and no section.
import Link from '@/components/ui/link';
import { useEffect, useState } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { ApiError, isAbortError, toErrorMessage } from '@/lib/api-client';
import { PLAN_ACTIVE_WITHIN_DAYS } from '@/server/modules/plans/plans.limits';
import { deletePlan, fetchManagedPlans, type ManagedPlan, type Plan } from './plans-api';
import { NewPlanForm, type PlanCollection } from './new-plan-form';
import styles from './plans-manage.module.css';

type State =
  | { kind: 'loading' }
  | { kind: 'hidden' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; plans: ManagedPlan[] };

const fromPlan = (plan: Plan): ManagedPlan => ({
  id: plan.id,
  title: plan.title,
  description: plan.description,
  collectionId: plan.collectionId,
  totalDays: plan.totalDays,
  createdAt: plan.createdAt,
  stats: { unconfirmed: 0, started: 0, active: 0, finished: 0 },
});

export function PublicationPlansSection({
  publicationId,
  collections,
}: {
  publicationId: string;
  collections: PlanCollection[];
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchManagedPlans(publicationId, controller.signal).then(
      (answer) => setState({ kind: 'ready', plans: answer.plans }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403))
          setState({ kind: 'hidden' });
        else setState({ kind: 'failed', message: toErrorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [publicationId]);

  if (state.kind === 'loading' || state.kind === 'hidden') return null;

  const add = (plan: Plan) =>
    setState((current) =>
      current.kind === 'ready' ? { kind: 'ready', plans: [fromPlan(plan), ...current.plans] } : current,
    );
  const drop = (id: string) =>
    setState((current) =>
      current.kind === 'ready' ? { kind: 'ready', plans: current.plans.filter((p) => p.id !== id) } : current,
    );

  return (
    <section id="reading-plans" className={styles.section} aria-labelledby="reading-plans-heading">
      <div className={styles.head}>
        <h2 id="reading-plans-heading" className={styles.title}>
          Reading plans
        </h2>
        <p className={styles.lead}>
          Turn a collection into a plan: a story a day, mailed to each reader at the local time they choose.
          Readers start it from its page, signed in or with their e-mail address.
        </p>
      </div>
      {state.kind === 'failed' ? (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      ) : state.plans.length === 0 ? (
        <p className={styles.empty}>No reading plans yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Reading plans">
          {state.plans.map((plan) => (
            <PlanItem key={plan.id} plan={plan} onDeleted={() => drop(plan.id)} />
          ))}
        </ul>
      )}
      <NewPlanForm publicationId={publicationId} collections={collections} onCreated={add} />
    </section>
  );
}

function PlanItem({ plan, onDeleted }: { plan: ManagedPlan; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(() => deletePlan(plan.id), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: onDeleted,
  });
  const figures: [string, number][] = [
    ['Started', plan.stats.started],
    [`Active (${PLAN_ACTIVE_WITHIN_DAYS} days)`, plan.stats.active],
    ['Finished', plan.stats.finished],
    ['Awaiting confirmation', plan.stats.unconfirmed],
  ];
  return (
    <li className={styles.plan} aria-label={plan.title}>
      <div className={styles.planHead}>
        <h3 className={styles.planTitle}>
          <Link href={`/plans/${plan.id}`}>{plan.title}</Link>
        </h3>
        <p className={styles.meta}>
          {plan.totalDays} {plan.totalDays === 1 ? 'day' : 'days'}
        </p>
      </div>
      <dl className={styles.figures} aria-label={`Readers of ${plan.title}`}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        {confirming ? (
          <>
            <span className={styles.meta}>Delete the plan and its readers’ progress?</span>
            <Button variant="danger" size="small" busy={remove.busy} onClick={() => void remove.run()}>
              Delete for good
            </Button>
            <Button variant="ghost" size="small" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button variant="outline" size="small" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
