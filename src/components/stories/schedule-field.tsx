'use client';

import { useId } from 'react';
import { toDateTimeLocalValue } from '@/lib/format-date';
import styles from './story-dialogs.module.css';

type ScheduleFieldProps = {
  enabled: boolean;
  /** YYYY-MM-DDTHH:mm, read as UTC (SPEC §1: the interface is in UTC). */
  value: string;
  onToggle: (enabled: boolean) => void;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Why scheduling is not available, shown instead of the toggle's hint. */
  lockedReason?: string | null;
  /** What is wrong with the picked time (SPEC §5), shown under the field. */
  error?: string | null;
};

/** The current minute as a datetime-local value: the input's minimum and the toggle's reset value. */
export const nowLocalValue = () => toDateTimeLocalValue(Date.now());

/** SPEC §2/§5 schedule toggle with a datetime-local input, minute precision, minimum now. */
export function ScheduleField({
  enabled,
  value,
  onToggle,
  onChange,
  disabled,
  lockedReason,
  error,
}: ScheduleFieldProps) {
  const toggleId = useId();
  const timeId = useId();
  return (
    <div className={styles.fieldGroup}>
      <label htmlFor={toggleId} className={styles.toggleRow}>
        <input
          id={toggleId}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={enabled}
          disabled={disabled || Boolean(lockedReason)}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <span className={styles.label}>Schedule for later</span>
      </label>
      {enabled ? (
        <div className={styles.scheduleTime}>
          <label htmlFor={timeId} className={styles.subLabel}>
            Publish at (UTC)
          </label>
          <input
            id={timeId}
            type="datetime-local"
            className="input"
            value={value}
            min={nowLocalValue()}
            step={60}
            required
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      ) : null}
      {lockedReason ? <p className="field-hint">{lockedReason}</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
