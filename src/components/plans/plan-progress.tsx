// A reader's progress in a plan (docs/decisions/050-reading-plans.md): the bar (days read of all),
// the streak, and when the next day arrives — on the plan page and in /me's "Reading plans".
import type { ReaderProgress } from '@/server/modules/plans/plans.schema';
import styles from './plan-page.module.css';

/** "Sat 29 Nov, 07:00 CET" in the reader's own zone. */
function whenInZone(at: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(at);
  } catch {
    return new Date(at).toUTCString();
  }
}

export function PlanProgress({
  progress,
  label = 'Days read',
}: {
  progress: ReaderProgress;
  label?: string;
}) {
  const percent = progress.totalDays ? Math.round((progress.readCount / progress.totalDays) * 100) : 0;
  if (progress.status === 'unconfirmed') {
    return (
      <p className={styles.readerNote}>
        Please confirm your e-mail address: we sent a link to {progress.email}. Your first day arrives at{' '}
        {progress.sendAt} ({progress.timeZone}) after that.
      </p>
    );
  }
  return (
    <div>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={progress.totalDays}
        aria-valuenow={progress.readCount}
        aria-valuetext={`${progress.readCount} of ${progress.totalDays} days read`}
      >
        <div className={styles.progressFill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.figures}>
        <span>
          <strong>{progress.readCount}</strong> of {progress.totalDays} days read
        </span>
        <span>
          Streak: <strong>{progress.streak}</strong> {progress.streak === 1 ? 'day' : 'days'}
        </span>
      </p>
      <p className={styles.next}>
        {progress.status === 'finished'
          ? 'You have read every day of this plan.'
          : progress.nextMailAt !== null && progress.nextDay !== null
            ? `Day ${progress.nextDay} arrives ${whenInZone(progress.nextMailAt, progress.timeZone)} at ${progress.email}.`
            : progress.mailing
              ? 'Every day has been mailed: read on at your own pace.'
              : 'The days are no longer mailed to you; you can still read and mark them here.'}
      </p>
    </div>
  );
}
