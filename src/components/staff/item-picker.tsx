'use client';

// Finds items to add to an ordered set: the staff types, the matches show with an Add button each.
// `find` is the set's source (stories by the search API, writers by name, or a list filtered here);
// items already in the set are not offered again.
import { useEffect, useId, useState } from 'react';
import { isAbortError, toErrorMessage } from '@/lib/api-client';
import type { ListItem } from './sortable-list';
import styles from './staff.module.css';

export type FindItems = (text: string, signal: AbortSignal) => Promise<ListItem[]>;

type Props = {
  label: string;
  find: FindItems;
  chosen: readonly ListItem[];
  onAdd: (item: ListItem) => void;
  disabled?: boolean;
  /** Full: no more may be added (the set's maximum). */
  full?: boolean;
};

/** How long typing pauses before a search goes out. */
const DEBOUNCE_MS = 250;

export function ItemPicker({ label, find, chosen, onAdd, disabled, full }: Props) {
  const inputId = useId();
  const [text, setText] = useState('');
  // The matches and the text they answer: older answers are not shown for newer text.
  const [results, setResults] = useState<{ query: string; items: ListItem[] }>({ query: '', items: [] });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const query = text.trim();
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      find(query, controller.signal)
        .then((found) => {
          setResults({ query, items: found });
          setError(null);
        })
        .catch((failure) => {
          if (!isAbortError(failure)) setError(toErrorMessage(failure));
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, find]);

  const current = results.query === text.trim() && text.trim() !== '' ? results.items : [];
  const offered = current.filter((item) => !chosen.some((c) => c.id === item.id)).slice(0, 8);
  return (
    <div>
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        type="search"
        placeholder={label}
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
      />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {offered.length > 0 ? (
        <ul className={styles.results} aria-label={`${label}: results`}>
          {offered.map((item) => (
            <li key={item.id} className={styles.result}>
              <span className={styles.itemText}>
                {item.label}
                {item.detail ? <span className={styles.itemDetail}>{item.detail}</span> : null}
              </span>
              <button
                type="button"
                className="button button-outline button-small"
                disabled={disabled || full}
                onClick={() => onAdd(item)}
              >
                Add
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
