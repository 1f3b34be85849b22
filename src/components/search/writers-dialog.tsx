'use client';

// SPEC §2 'writers': search writers by name or handle (GET /api/users/all_authors?q) as the reader
// types; each one links to their home /@handle. Empty, it lists the most prolific writers.
import { useEffect, useId, useState } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { isAbortError, toErrorMessage } from '@/lib/api-client';
import type { Author } from '@/server/modules/search/users-search.schema';
import { fetchAuthors } from './search-api';
import { WriterList } from './writer-list';
import styles from './search.module.css';

/** Wait this long after the last key before asking: one request per pause, not per letter. */
const TYPING_PAUSE_MS = 250;

export default function WritersDialog({ q = '' }: { q?: string }) {
  const { closeDialog } = useDialog();
  const inputId = useId();
  const [text, setText] = useState(q);
  const [writers, setWriters] = useState<Author[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchAuthors(text.trim(), controller.signal)
        .then((found) => {
          setWriters(found);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (!isAbortError(failure)) setError(toErrorMessage(failure));
        });
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return (
    <DialogShell title="Writers" description="Find writers by name or @handle." size="medium">
      <div className="field">
        <label htmlFor={inputId} className="visually-hidden">
          Writer&apos;s name or handle
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name or @handle"
          autoComplete="off"
          autoFocus
        />
      </div>
      <div className={styles.dialogList} aria-live="polite">
        {error ? (
          <p className={styles.muted} role="alert">
            {error}
          </p>
        ) : writers === null ? (
          <p className={styles.muted}>Looking for writers…</p>
        ) : writers.length === 0 ? (
          <p className={styles.muted}>No writers match “{text.trim()}”.</p>
        ) : (
          // Following a writer's link leaves the dialog behind.
          <WriterList writers={writers} label="Writers found" onPick={closeDialog} />
        )}
      </div>
    </DialogShell>
  );
}
