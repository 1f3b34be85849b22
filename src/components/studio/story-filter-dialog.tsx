'use client';

// SPEC §2 'story-filter': Collections; Status (All status, Published, Rejected, Draft, Under review,
// plus Scheduled); Time (All time, Past week, Past month, Past 3 months, Past year, Past 2 years);
// Writers. Applying puts the choice in the studio's address, which reloads the list.
import { useId, useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { StudioFilterValues } from './studio-api';
import type { StoryFilterDialogProps } from './studio-dialog-types';
import { STATUS_OPTIONS, TIME_OPTIONS } from './studio-filters';
import styles from './studio-dialogs.module.css';

export default function StoryFilterDialog({ filters, choices, onApply }: StoryFilterDialogProps) {
  const { closeDialog } = useDialog();
  const [values, setValues] = useState<StudioFilterValues>(filters);
  const ids = { collection: useId(), status: useId(), time: useId(), writer: useId() };
  const set = (change: Partial<Record<keyof StudioFilterValues, string>>) =>
    setValues((current) => {
      const next = { ...current } as Record<string, string | undefined>;
      for (const [name, value] of Object.entries(change)) next[name] = value || undefined;
      return next as StudioFilterValues;
    });

  // Group collections by publication; a filter value no longer offered still shows as chosen.
  const collections = choices?.collections ?? [];
  const publications = [...new Map(collections.map((c) => [c.publicationId, c.publicationName])).entries()];
  const writers = choices?.writers ?? [];

  return (
    <DialogShell title="Filter stories" size="small">
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          closeDialog();
          onApply(values);
        }}
      >
        <div className={styles.field}>
          <label htmlFor={ids.collection} className={styles.label}>
            Collections
          </label>
          <select
            id={ids.collection}
            className="input"
            value={values.collectionId ?? ''}
            onChange={(event) => set({ collectionId: event.target.value })}
          >
            <option value="">All collections</option>
            {publications.map(([publicationId, publicationName]) => (
              <optgroup key={publicationId} label={publicationName}>
                {collections
                  .filter((c) => c.publicationId === publicationId)
                  .map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
              </optgroup>
            ))}
            {values.collectionId && !collections.some((c) => c.id === values.collectionId) ? (
              <option value={values.collectionId}>The chosen collection</option>
            ) : null}
          </select>
          {choices && collections.length === 0 ? (
            <p className="field-hint">None of these stories is in a publication’s collection yet.</p>
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.status} className={styles.label}>
            Status
          </label>
          <select
            id={ids.status}
            className="input"
            value={values.status ?? ''}
            onChange={(event) => set({ status: event.target.value })}
          >
            {STATUS_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.time} className={styles.label}>
            Time
          </label>
          <select
            id={ids.time}
            className="input"
            value={values.time ?? ''}
            onChange={(event) => set({ time: event.target.value })}
          >
            {TIME_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.writer} className={styles.label}>
            Writers
          </label>
          <select
            id={ids.writer}
            className="input"
            value={values.writerId ?? ''}
            onChange={(event) => set({ writerId: event.target.value })}
          >
            <option value="">All writers</option>
            {writers.map((writer) => (
              <option key={writer.id} value={writer.id}>
                {writer.name || 'Unnamed writer'}
              </option>
            ))}
            {values.writerId && !writers.some((w) => w.id === values.writerId) ? (
              <option value={values.writerId}>The chosen writer</option>
            ) : null}
          </select>
        </div>
        <div className={styles.actions}>
          <button type="button" className="button button-ghost" onClick={() => setValues({})}>
            Reset
          </button>
          <button type="submit" className="button button-primary">
            Apply
          </button>
        </div>
      </form>
    </DialogShell>
  );
}
