'use client';

// The schedule and reschedule dialogs' form: a datetime-local picker (minimum now, minute precision,
// read in UTC, SPEC §5 and §9), and the option to send at that time in each subscriber's own zone.
// On success the page reloads after 1 second (SPEC §4, §9).
import { useId, useState, type FormEvent } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useMutation } from '@/components/hooks/use-mutation';
import { nowLocalValue } from '@/components/stories/schedule-field';
import { checkScheduleTime, plusMinutes } from '@/components/studio/schedule-time';
import { Button } from '@/components/ui/button';
import styles from '@/components/studio/studio-dialogs.module.css';
import { toDateTimeLocalValue } from '@/lib/format-date';
import type { NewsletterEntry } from './newsletters-api';
import { scheduleNewsletter } from './newsletters-api';

export const RELOAD_AFTER_SCHEDULING_MS = 1000;

type Props = { entry: NewsletterEntry; submitLabel: string; onDone?: () => void };

export function NewsletterScheduleForm({ entry, submitLabel, onDone }: Props) {
  const { showMessage } = useDialog();
  const timeId = useId();
  const localId = useId();
  const [value, setValue] = useState(() =>
    entry.scheduledTime ? toDateTimeLocalValue(entry.scheduledTime) : plusMinutes(60),
  );
  const [inSubscriberTimezone, setInSubscriberTimezone] = useState(entry.inSubscriberTimezone);
  const [problem, setProblem] = useState<string | null>(null);
  const schedule = useMutation(
    (time: number) =>
      scheduleNewsletter(entry, { scheduledTime: time, timezone: 'UTC', inSubscriberTimezone }),
    {
      onSuccess: () => {
        onDone?.();
        showMessage('Scheduled successfully');
        window.setTimeout(() => window.location.reload(), RELOAD_AFTER_SCHEDULING_MS);
      },
    },
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkScheduleTime(value);
    if ('error' in checked) return setProblem(checked.error);
    setProblem(null);
    void schedule.run(checked.time);
  };
  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={timeId} className="field-label">
        Send at (UTC)
      </label>
      <input
        id={timeId}
        type="datetime-local"
        className="input"
        value={value}
        min={nowLocalValue()}
        step={60}
        disabled={schedule.busy}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      <label htmlFor={localId} className="field-hint">
        <input
          id={localId}
          type="checkbox"
          checked={inSubscriberTimezone}
          disabled={schedule.busy}
          onChange={(e) => setInSubscriberTimezone(e.target.checked)}
        />{' '}
        At this time in each subscriber&rsquo;s time zone
      </label>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={schedule.busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
