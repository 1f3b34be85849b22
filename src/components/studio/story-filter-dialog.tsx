'use client';

// SPEC §2 'story-filter': Collections; Status (All status, Published, Rejected, Draft, Under review,
// plus Scheduled); Time (All time, Past week, Past month, Past 3 months, Past year, Past 2 years);
// Writers. Applying puts the choice in the studio's address, which reloads the list.
import { useState, type ReactNode } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { StudioFilterValues } from './studio-api';
import type { StoryFilterDialogProps } from './studio-dialog-types';
import { STATUS_OPTIONS, TIME_OPTIONS } from './studio-filters';
import styles from './studio-dialogs.module.css';

export default function StoryFilterDialog({ filters, choices, onApply }: StoryFilterDialogProps) {
  const { closeDialog } = useDialog();
  const [values, setValues] = useState<StudioFilterValues>(filters);
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
        <FilterSelect
          label="Collections"
          value={values.collectionId}
          onChange={(collectionId) => set({ collectionId })}
          hint={
            choices && collections.length === 0
              ? 'None of these stories is in a publication’s collection yet.'
              : undefined
          }
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
        </FilterSelect>
        <FilterSelect label="Status" value={values.status} onChange={(status) => set({ status })}>
          {optionsOf(STATUS_OPTIONS)}
        </FilterSelect>
        <FilterSelect label="Time" value={values.time} onChange={(time) => set({ time })}>
          {optionsOf(TIME_OPTIONS)}
        </FilterSelect>
        <FilterSelect label="Writers" value={values.writerId} onChange={(writerId) => set({ writerId })}>
          <option value="">All writers</option>
          {writers.map((writer) => (
            <option key={writer.id} value={writer.id}>
              {writer.name || 'Unnamed writer'}
            </option>
          ))}
          {values.writerId && !writers.some((w) => w.id === values.writerId) ? (
            <option value={values.writerId}>The chosen writer</option>
          ) : null}
        </FilterSelect>
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => setValues({})}>
            Reset
          </Button>
          <Button type="submit">Apply</Button>
        </div>
      </form>
    </DialogShell>
  );
}

const optionsOf = (options: readonly { value: string; label: string }[]) =>
  options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));

type FilterSelectProps = {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  hint?: string;
  children: ReactNode;
};

/** One labelled choice of the filter; '' (the first option) means "all". */
function FilterSelect({ label, value, onChange, hint, children }: FilterSelectProps) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
