'use client';

// The reader's own part of a reading plan's page (docs/decisions/050-reading-plans.md; decision 031):
// asked after the page — GET /api/plans/mine for a signed-in reader, or with the token of a plan
// mail's link for a reader by mail alone — and drawn in the space the page keeps for it: the start
// form, or the progress bar, the streak and the next mail; each day's "Mark read".
import { useSession } from 'next-auth/react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Button } from '@/components/ui/button';
import { isAbortError, toErrorMessage } from '@/lib/api-client';
import { fetchMyPlans, markDayRead, type ReaderProgress } from './plans-api';
import { PlanStartForm } from './plan-start-form';
import { PlanProgress } from './plan-progress';
import styles from './plan-page.module.css';

type ReaderState = { kind: 'loading' } | { kind: 'start' } | { kind: 'reader'; progress: ReaderProgress };

type Context = {
  progress: ReaderProgress | null;
  busyDay: number | null;
  markRead: (day: number) => void;
};

const ReaderContext = createContext<Context>({ progress: null, busyDay: null, markRead: () => {} });

/** Where a reader by mail keeps their plan's token, so the page knows them on their next visit. */
const tokenKey = (planId: string) => `lamplight-plan-token:${planId}`;

type LinkParams = { token: string | null; day: number | null; fromLink: boolean };

/** The mail link's ?token&day, else the token this browser kept for the plan. */
function linkParams(planId: string, search: string): LinkParams {
  const params = new URLSearchParams(search);
  const fromLink = params.get('token');
  const day = Number(params.get('day'));
  let token = fromLink;
  if (!token) {
    try {
      token = window.localStorage.getItem(tokenKey(planId));
    } catch {
      token = null; // storage refused (private mode)
    }
  }
  return { token, day: Number.isInteger(day) && day > 0 ? day : null, fromLink: fromLink !== null };
}

const keepToken = (planId: string, token: string | null) => {
  try {
    if (token) window.localStorage.setItem(tokenKey(planId), token);
    else window.localStorage.removeItem(tokenKey(planId));
  } catch {
    // Storage refused: the link's token still works for this visit.
  }
};

const noSubscription = () => () => {};

export function PlanReader({
  planId,
  totalDays,
  children,
}: {
  planId: string;
  totalDays: number;
  children: ReactNode;
}) {
  const { status } = useSession();
  // The address's query, once in the browser (null while rendering on the server).
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => null,
  );
  const link = useMemo(() => (search === null ? null : linkParams(planId, search)), [planId, search]);
  const [answer, setAnswer] = useState<ReaderState | null>(null);
  const [busyDay, setBusyDay] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const token = link?.token ?? null;
  const asks = status !== 'loading' && link !== null && (token !== null || status === 'authenticated');

  useEffect(() => {
    if (!asks) return;
    if (link?.fromLink) keepToken(planId, token);
    const controller = new AbortController();
    fetchMyPlans(token ?? undefined, controller.signal).then(
      (mine) => {
        const found = mine.plans.find((item) => item.plan.id === planId);
        setAnswer(found ? { kind: 'reader', progress: found.progress } : { kind: 'start' });
      },
      (failure: unknown) => {
        if (isAbortError(failure)) return;
        // A link that is no longer valid: forget it, and offer the start form.
        keepToken(planId, null);
        setAnswer({ kind: 'start' });
      },
    );
    return () => controller.abort();
  }, [asks, link?.fromLink, planId, token]);

  const state: ReaderState =
    status === 'loading' || link === null
      ? { kind: 'loading' }
      : !asks
        ? (answer ?? { kind: 'start' })
        : (answer ?? { kind: 'loading' });

  const markRead = useCallback(
    (day: number) => {
      if (busyDay !== null) return;
      setBusyDay(day);
      setError(null);
      markDayRead(planId, day, token ?? undefined).then(
        (progress) => {
          setAnswer({ kind: 'reader', progress });
          setBusyDay(null);
        },
        (failure: unknown) => {
          setError(toErrorMessage(failure));
          setBusyDay(null);
        },
      );
    },
    [busyDay, token, planId],
  );

  const progress = state.kind === 'reader' ? state.progress : null;
  const context = useMemo(() => ({ progress, busyDay, markRead }), [progress, busyDay, markRead]);
  // The day a mail's link named, or the first day mailed and not read yet.
  const linkDay = link?.day ?? null;
  const suggested =
    progress && progress.status !== 'unconfirmed'
      ? ((linkDay !== null && linkDay <= progress.totalDays && !progress.daysRead.includes(linkDay)
          ? linkDay
          : null) ??
        // Only days already mailed (reading ahead stays a choice in the list of days).
        Array.from(
          { length: progress.nextDay !== null ? progress.nextDay - 1 : progress.totalDays },
          (_, i) => i + 1,
        ).find((day) => !progress.daysRead.includes(day)) ??
        null)
      : null;

  return (
    <ReaderContext.Provider value={context}>
      <section
        className={styles.reader}
        aria-label="Your reading plan"
        aria-busy={state.kind === 'loading'}
        data-testid="plan-reader"
      >
        {state.kind === 'start' ? (
          <PlanStartForm
            planId={planId}
            signedIn={status === 'authenticated'}
            onStarted={(started) => started && setAnswer({ kind: 'reader', progress: started })}
          />
        ) : null}
        {progress ? (
          <>
            {suggested !== null ? (
              <div className={styles.markToday}>
                <span>Day {suggested} is waiting for you.</span>
                <Button
                  size="small"
                  busy={busyDay === suggested}
                  busyLabel="Saving…"
                  onClick={() => markRead(suggested)}
                >
                  Mark day {suggested} as read
                </Button>
              </div>
            ) : null}
            <PlanProgress progress={progress} />
          </>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        {state.kind === 'loading' ? (
          <p className={styles.readerNote}>{totalDays > 0 ? 'Loading your plan…' : ''}</p>
        ) : null}
      </section>
      {children}
    </ReaderContext.Provider>
  );
}

/** A day's mark: "Read" once read, a button for a reader who started; nothing for anyone else. */
export function DayReadMark({ day }: { day: number }) {
  const { progress, busyDay, markRead } = useContext(ReaderContext);
  const following = progress && progress.status !== 'unconfirmed';
  return (
    <div className={styles.dayMark}>
      {!following ? null : progress.daysRead.includes(day) ? (
        <span className={styles.readMark}>✓ Read</span>
      ) : (
        <Button
          size="small"
          variant="outline"
          busy={busyDay === day}
          busyLabel="Saving…"
          aria-label={`Day ${day}: mark read`}
          onClick={() => markRead(day)}
        >
          Mark read
        </Button>
      )}
    </div>
  );
}
