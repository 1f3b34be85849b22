'use client';

// Import stories from WordPress, Ghost, Medium or Substack (issue 23 item 1; docs/decisions/042-imports.md):
// choose the export file (its platform is detected), see the dry run — what will be created, what
// skipped and why — confirm, follow the progress bar, then read the report.
import Link from '@/components/ui/link';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  confirmImport,
  getImport,
  SOURCE_NAMES,
  uploadExport,
  type ImportPreview,
  type ImportStatusAnswer,
  type ImportTargetChoice,
} from './imports-api';
import styles from './import-panel.module.css';
import { useBusyAction } from './use-busy-action';
import { useFollow } from './use-follow';

/** How often the status is asked while the import runs. */
const POLL_MS = 1000;
/** Dry-run lines shown before "show all". */
const FIRST_LINES = 50;

type Props = {
  /** Where the stories go: null for the signed-in writer's own account. */
  target?: ImportTargetChoice;
  /** Site admins may pick any writer or publication. */
  chooseTarget?: boolean;
};

const dateOf = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      })
    : '—';

function TargetChooser({ onChange }: { onChange: (target: ImportTargetChoice) => void }) {
  const id = useId();
  const [kind, setKind] = useState<'me' | 'user' | 'publication'>('me');
  const [value, setValue] = useState('');
  useEffect(() => {
    const trimmed = value.trim();
    if (kind === 'me' || !trimmed) onChange(null);
    else onChange(kind === 'user' ? { targetUserId: trimmed } : { targetPublicationId: trimmed });
  }, [kind, value, onChange]);
  return (
    <fieldset className={styles.target}>
      <legend>Import into (site admin)</legend>
      <div className={styles.targetRow}>
        <label className="visually-hidden" htmlFor={`${id}-kind`}>
          Target
        </label>
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as typeof kind)}
        >
          <option value="me">My account</option>
          <option value="user">A writer (user id)</option>
          <option value="publication">A publication (publication id)</option>
        </select>
        {kind !== 'me' ? (
          <>
            <label className="visually-hidden" htmlFor={`${id}-id`}>
              {kind === 'user' ? 'User id' : 'Publication id'}
            </label>
            <input
              id={`${id}-id`}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder={kind === 'user' ? 'User id' : 'Publication id'}
              spellCheck={false}
              autoComplete="off"
            />
          </>
        ) : null}
      </div>
    </fieldset>
  );
}

function DryRun({ preview }: { preview: ImportPreview }) {
  const [all, setAll] = useState(false);
  const lines = all ? preview.items : preview.items.slice(0, FIRST_LINES);
  const total = preview.counts.create + preview.counts.skip;
  return (
    <div className={styles.dryRun} data-testid="import-dry-run">
      <p className={styles.counts}>
        <strong>{preview.counts.create}</strong> {preview.counts.create === 1 ? 'story' : 'stories'} will be
        created, <strong>{preview.counts.skip}</strong> skipped — from a {SOURCE_NAMES[preview.source]}{' '}
        export.
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Date</th>
              <th scope="col">Tags</th>
              <th scope="col">What happens</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((item, index) => (
              <tr key={`${item.externalId}-${index}`} data-action={item.action}>
                <td className={styles.titleCell}>{item.title || <em>Untitled</em>}</td>
                <td className={styles.dateCell}>{dateOf(item.publishedAt)}</td>
                <td>
                  {item.tags.join(', ')}
                  {item.tagsDropped?.length ? (
                    <span className={styles.note}> (not kept: {item.tagsDropped.join(', ')})</span>
                  ) : null}
                </td>
                <td>
                  {item.action === 'create' ? (
                    'Create'
                  ) : (
                    <span className={styles.skip}>Skip: {item.reason}</span>
                  )}
                  {item.notes?.map((note) => (
                    <span key={note} className={styles.note}>
                      {' '}
                      {note}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.items.length > FIRST_LINES && !all ? (
        <Button variant="ghost" size="small" onClick={() => setAll(true)}>
          Show all {preview.items.length} lines
        </Button>
      ) : null}
      {total > preview.items.length ? (
        <p className={styles.note}>
          The list shows the first {preview.items.length} of {total} entries.
        </p>
      ) : null}
    </div>
  );
}

function Report({ status }: { status: ImportStatusAnswer }) {
  const report = status.report;
  if (!report) return null;
  return (
    <div className={styles.report} data-testid="import-report">
      <p>
        <strong>{report.created}</strong> {report.created === 1 ? 'story' : 'stories'} imported,{' '}
        <strong>{report.skipped}</strong> skipped.{' '}
        <Link href={status.target.homePath}>
          {status.target.kind === 'publication' ? `Go to ${status.target.name}` : 'Go to your home page'}
        </Link>
      </p>
      {report.failedImages.length > 0 ? (
        <details>
          <summary>
            {report.failedImages.length} {report.failedImages.length === 1 ? 'image' : 'images'} could not be
            copied (the stories keep their original address)
          </summary>
          <ul>
            {report.failedImages.map((image, index) => (
              <li key={index}>
                <strong>{image.story}</strong>: <span className={styles.url}>{image.url}</span> —{' '}
                {image.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.tagsDropped.length > 0 ? (
        <details>
          <summary>Tags past the limit of 5 in {report.tagsDropped.length} stories were not kept</summary>
          <ul>
            {report.tagsDropped.map((entry, index) => (
              <li key={index}>
                <strong>{entry.story}</strong>: {entry.tags.join(', ')}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.authorsNotFound.length > 0 ? (
        <details>
          <summary>Some authors are not members: their stories went to the publication&rsquo;s owner</summary>
          <ul>
            {report.authorsNotFound.map((entry) => (
              <li key={entry.author}>
                {entry.author} ({entry.stories} {entry.stories === 1 ? 'story' : 'stories'})
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

export function ImportPanel({ target = null, chooseTarget = false }: Props) {
  const fileId = useId();
  const canonicalId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [chosen, setChosen] = useState<ImportTargetChoice>(null);
  const [canonical, setCanonical] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [status, setStatus] = useState<ImportStatusAnswer | null>(null);
  const { busy, error, setError, run } = useBusyAction();
  const running = status?.status === 'running';

  // Follow the run until it is done or failed.
  useFollow({
    id: status?.id,
    running,
    latest: status,
    get: getImport,
    onAnswer: setStatus,
    onError: setError,
    everyMs: POLL_MS,
  });

  async function check() {
    if (!file) return;
    await run(async () => {
      setPreview(null);
      setStatus(null);
      setPreview(await uploadExport(file, target ?? chosen, canonical));
    });
  }

  async function confirm() {
    if (!preview) return;
    await run(async () => {
      setStatus(await confirmImport(preview.id));
    });
  }

  const progress = status ? Math.round((status.progress.done / Math.max(1, status.progress.total)) * 100) : 0;
  const started = status !== null;
  return (
    <div className={styles.panel} data-testid="import-panel">
      <p className={styles.lead}>
        Bring your stories from WordPress (Tools → Export, the .xml file), Ghost (Settings → Labs → Export,
        the .json file), Medium (Settings → Download your information, the .zip file) or Substack (Settings →
        Export, the .zip file). Dates, slugs, tags and images come along; drafts stay drafts.
      </p>
      {chooseTarget && !target ? <TargetChooser onChange={setChosen} /> : null}
      <div className={styles.fileRow}>
        <label htmlFor={fileId} className={styles.fileLabel}>
          Export file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".xml,.json,.zip,application/xml,text/xml,application/json,application/zip"
          disabled={busy || running}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setPreview(null);
            setStatus(null);
            setError(null);
          }}
        />
      </div>
      <label className={styles.check} htmlFor={canonicalId}>
        <input
          id={canonicalId}
          type="checkbox"
          checked={canonical}
          disabled={busy || started}
          onChange={(event) => {
            setCanonical(event.target.checked);
            setPreview(null);
          }}
        />
        Use the original address as the canonical link
      </label>
      {!preview ? (
        <div className={styles.actions}>
          <Button onClick={() => void check()} disabled={!file} busy={busy} busyLabel="Reading the file…">
            Check the file
          </Button>
        </div>
      ) : null}
      {preview && !started ? (
        <>
          <DryRun preview={preview} />
          <div className={styles.actions}>
            <Button
              onClick={() => void confirm()}
              busy={busy}
              busyLabel="Starting…"
              disabled={preview.counts.create === 0}
            >
              {preview.counts.create === 0
                ? 'Nothing to import'
                : `Confirm: import ${preview.counts.create} ${preview.counts.create === 1 ? 'story' : 'stories'}`}
            </Button>
            <Button variant="ghost" onClick={() => setPreview(null)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </>
      ) : null}
      {started ? (
        <div className={styles.progressBlock}>
          <div className={styles.progressHead}>
            <span id={`${fileId}-progress`}>
              {status.status === 'done'
                ? 'Import finished'
                : status.status === 'failed'
                  ? 'Import stopped'
                  : 'Importing…'}
            </span>
            <span>
              {status.progress.done} / {status.progress.total}
            </span>
          </div>
          <progress
            className={styles.progress}
            max={Math.max(1, status.progress.total)}
            value={status.progress.done}
            aria-labelledby={`${fileId}-progress`}
            data-testid="import-progress"
          >
            {progress}%
          </progress>
        </div>
      ) : null}
      {status?.status === 'done' ? <Report status={status} /> : null}
      {status?.status === 'failed' ? (
        <div className={styles.actions}>
          <p className={styles.error} role="alert">
            {`ERROR: ${status.error ?? 'The import stopped'}`}
          </p>
          <Button variant="outline" onClick={() => void confirm()} busy={busy}>
            Continue the import
          </Button>
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
