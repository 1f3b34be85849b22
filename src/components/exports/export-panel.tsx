'use client';

// "Export everything" (issue 23 item 2; docs/decisions/043-exports.md): asks for the archive of a
// writer's or a publication's stories, follows it while the server makes it, then offers the
// download. Placed on /me/import for a writer and in the publication admin for its owner.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useBusyAction } from '@/components/imports/use-busy-action';
import { useFollow } from '@/components/imports/use-follow';
import {
  exportDownloadHref,
  formatSize,
  getExport,
  requestExport,
  type ExportTarget,
  type ExportView,
} from './exports-api';
import styles from './export-panel.module.css';

/** How often the status is asked while the archive is being made. */
const POLL_MS = 2000;
/** The export's states while the server is still making it. */
const WORKING: ReadonlySet<string> = new Set(['pending', 'running']);

type Props = { target: ExportTarget };

export function ExportPanel({ target }: Props) {
  const [current, setCurrent] = useState<ExportView | null>(null);
  const { busy: asking, error, setError, run } = useBusyAction();
  const running = current ? WORKING.has(current.status) : false;

  // Follow the export while it is being made.
  useFollow({
    id: current?.id,
    running,
    latest: current,
    get: getExport,
    onAnswer: setCurrent,
    onError: setError,
    everyMs: POLL_MS,
  });

  async function start() {
    await run(async () => {
      const { id } = await requestExport(target);
      setCurrent(await getExport(id));
    });
  }

  const withSubscribers = 'publicationId' in target;
  return (
    <div className={styles.panel} data-testid="export-panel">
      <ul className={styles.contents}>
        <li>Every story — drafts, scheduled and published — as ghost.json, which Ghost 5 imports as it is</li>
        <li>Each story as a Markdown file with its title, date, tags, slug and canonical link</li>
        <li>The images you uploaded for them</li>
        {withSubscribers ? <li>The newsletter subscribers as subscribers.csv</li> : null}
      </ul>
      <div className={styles.actions}>
        <Button
          variant={current?.status === 'done' ? 'outline' : 'primary'}
          onClick={() => void start()}
          busy={asking || running}
          busyLabel={running ? 'Preparing…' : 'Starting…'}
        >
          {current?.status === 'done' || current?.status === 'failed' ? 'Export again' : 'Export everything'}
        </Button>
        {current?.status === 'done' ? (
          <a
            className={`button button-primary ${styles.download}`}
            href={exportDownloadHref(current.id)}
            download
          >
            Download{current.size !== null ? ` (${formatSize(current.size)})` : ''}
          </a>
        ) : null}
      </div>
      <p className={styles.status} role="status" aria-live="polite">
        {running ? 'Your archive is being prepared. This page will offer it when it is ready.' : null}
        {current?.status === 'done' ? 'Your archive is ready. It stays available for 7 days.' : null}
      </p>
      {current?.status === 'failed' ? (
        <p className={styles.error} role="alert">
          {`ERROR: ${current.error ?? 'The archive could not be made'}`}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
