'use client';

// A publication's subscribers from Substack or Ghost (issue 23; docs/decisions/042-imports.md): the
// member CSV in, the counts out. Addresses without recorded consent get the confirmation mail.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { uploadSubscribers, type SubscriberImportAnswer } from './imports-api';
import styles from './import-panel.module.css';
import { useBusyAction } from './use-busy-action';

export function SubscriberImportPanel({ publicationId }: { publicationId: string }) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [answer, setAnswer] = useState<SubscriberImportAnswer | null>(null);
  const { busy, error, setError, run } = useBusyAction();

  async function send() {
    if (!file) return;
    await run(async () => {
      setAnswer(null);
      setAnswer(await uploadSubscribers(file, publicationId));
    });
  }

  return (
    <div className={styles.panel} data-testid="subscriber-import-panel">
      <p className={styles.lead}>
        A member CSV from Substack (Subscribers → Export) or Ghost (Members → Export). Addresses that agreed
        to receive mail there are added; the others get a mail asking them to confirm, and no newsletter until
        they do. Addresses already on your list are left as they are.
      </p>
      <div className={styles.fileRow}>
        <label htmlFor={fileId} className={styles.fileLabel}>
          Subscriber CSV
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setAnswer(null);
            setError(null);
          }}
        />
      </div>
      <div className={styles.actions}>
        <Button onClick={() => void send()} disabled={!file} busy={busy} busyLabel="Importing…">
          Import subscribers
        </Button>
      </div>
      {answer ? (
        <div className={styles.report} role="status">
          <p>
            <strong>{answer.added}</strong> added, <strong>{answer.confirmationSent}</strong> asked to
            confirm, <strong>{answer.alreadySubscribed}</strong> already subscribed,{' '}
            <strong>{answer.skipped.length}</strong> skipped.
          </p>
          {answer.skipped.length > 0 ? (
            <details>
              <summary>Skipped rows</summary>
              <ul>
                {answer.skipped.map((row, index) => (
                  <li key={index}>
                    Row {row.row}: {row.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
