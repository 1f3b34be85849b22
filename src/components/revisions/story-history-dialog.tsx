'use client';

// The story editor's History (issue 23 item 4; docs/decisions/039-story-revisions.md): the story's
// revisions newest first; choosing one shows that version and, word by word, what differs from the
// content in the editor now; "Restore this version" (confirmed) saves it as the story's content.
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useReaderLocale } from '@/components/hooks/use-reader-locale';
import { ApiError, isAbortError, toErrorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format-date';
import {
  getRevision,
  listRevisions,
  restoreRevision,
  type RestoredRevision,
  type Revision,
  type RevisionPage,
  type RevisionSummary,
} from './revisions-api';
import { diffText, docText, hasChanges, type DiffPart } from './text-diff';
import styles from './story-history.module.css';

/** The content the versions are compared with: what the editor holds now. */
export type CurrentContent = {
  title: string;
  excerpt: string;
  bodyJson: Record<string, unknown>;
  tags: string[];
};

export type StoryHistoryDialogProps = {
  postId: string;
  /** The story's version as last saved: a restore sends it (a stale one is refused, 409). */
  version: number;
  published: boolean;
  current: CurrentContent;
  onRestored: (result: RestoredRevision, revision: Revision) => void;
  onClose: () => void;
};

const KIND_LABEL: Record<RevisionSummary['kind'], string> = {
  edit: 'Edited',
  publish: 'Published',
  restore: 'Restored',
};

/** Who kept it: the scheduler publishes without anyone. */
const whoOf = (revision: RevisionSummary) =>
  revision.actor?.name || (revision.kind === 'publish' ? 'Scheduled publishing' : 'Unknown');

function DiffText({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          <ins key={index} className={styles.added}>
            <span className="visually-hidden">[added: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : part.kind === 'removed' ? (
          <del key={index} className={styles.removed}>
            <span className="visually-hidden">[removed: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** One field of the version, with its changes against the current content when there are any. */
function FieldDiff({ label, parts, body }: { label: string; parts: DiffPart[]; body?: boolean }) {
  const changed = hasChanges(parts);
  return (
    <section className={styles.field} aria-label={label}>
      <h4 className={styles.fieldLabel}>
        {label}
        <span className={styles.fieldState}>{changed ? ' · changed' : ' · unchanged'}</span>
      </h4>
      <div className={body ? styles.bodyText : styles.fieldText}>
        {parts.length === 0 ? <span className={styles.empty}>(empty)</span> : <DiffText parts={parts} />}
      </div>
    </section>
  );
}

type Loaded<T> = { key: string; value: T } | { key: string; error: string };

export function StoryHistoryDialog({
  postId,
  version,
  published,
  current,
  onRestored,
  onClose,
}: StoryHistoryDialogProps) {
  const locale = useReaderLocale();
  const [pages, setPages] = useState<RevisionPage[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [detail, setDetail] = useState<Loaded<Revision> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listRevisions(postId, null, controller.signal).then(
      (page) => setPages([page]),
      (error: unknown) => {
        if (!isAbortError(error)) setListError(toErrorMessage(error));
      },
    );
    return () => controller.abort();
  }, [postId]);

  useEffect(() => {
    if (!selectedId) return;
    const controller = new AbortController();
    getRevision(postId, selectedId, controller.signal).then(
      (value) => setDetail({ key: selectedId, value }),
      (error: unknown) => {
        if (!isAbortError(error)) setDetail({ key: selectedId, error: toErrorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [postId, selectedId]);

  const revisions = pages.flatMap((page) => page.revisions);
  const lastKey = pages.at(-1)?.lastKey ?? null;
  const shown = detail && detail.key === selectedId ? detail : null;
  const revision = shown && 'value' in shown ? shown.value : null;

  // The version against the editor's content: what restoring it would take away and bring back.
  const changes = useMemo(() => {
    if (!revision) return null;
    return {
      title: diffText(current.title, revision.title),
      excerpt: diffText(current.excerpt, revision.excerpt),
      tags: diffText(current.tags.join(', '), revision.tags.join(', ')),
      body: diffText(docText(current.bodyJson), docText(revision.bodyJson)),
    };
  }, [revision, current]);
  const anyChange = changes !== null && Object.values(changes).some(hasChanges);

  const loadMore = async () => {
    if (!lastKey) return;
    setLoadingMore(true);
    try {
      const page = await listRevisions(postId, lastKey);
      setPages((all) => [...all, page]);
    } catch (error) {
      setListError(toErrorMessage(error));
    } finally {
      setLoadingMore(false);
    }
  };

  const choose = (id: string) => {
    setSelectedId(id);
    setConfirming(false);
    setRestoreError(null);
  };

  const restore = async () => {
    if (!revision) return;
    setRestoring(true);
    setRestoreError(null);
    try {
      const result = await restoreRevision(postId, revision.id, version);
      onRestored(result, revision);
    } catch (error) {
      setRestoreError(
        error instanceof ApiError && error.status === 409
          ? `${error.message}. Close the history and reload the page: nothing was restored.`
          : toErrorMessage(error),
      );
      setRestoring(false);
    }
  };

  return (
    <Dialog
      title="Story history"
      description="Every save is kept: edits within ten minutes together, each publish and restore on its own."
      size="large"
      busy={restoring}
      onClose={onClose}
    >
      <div className={styles.layout}>
        <nav className={styles.versions} aria-label="Versions">
          {listError ? (
            <p role="alert" className={styles.error}>
              {listError}
            </p>
          ) : pages.length === 0 ? (
            <p className={styles.muted}>Loading versions…</p>
          ) : revisions.length === 0 ? (
            <p className={styles.muted}>No versions yet: the next save keeps the first one.</p>
          ) : (
            <ol className={styles.list}>
              {revisions.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={styles.version}
                    aria-current={item.id === selectedId ? 'true' : undefined}
                    onClick={() => choose(item.id)}
                  >
                    <span className={styles.versionTime}>{formatDateTime(item.updatedAt, locale)}</span>
                    <span className={styles.versionMeta}>
                      <span className={styles[`kind_${item.kind}`]}>{KIND_LABEL[item.kind]}</span>
                      {' · '}
                      {whoOf(item)}
                    </span>
                    <span className={styles.versionTitle}>{item.title || 'Untitled'}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
          {lastKey ? (
            <Button variant="ghost" size="small" busy={loadingMore} onClick={() => void loadMore()}>
              Show older versions
            </Button>
          ) : null}
        </nav>

        <div className={styles.detail} aria-live="polite">
          {!selectedId ? (
            <p className={styles.muted}>Choose a version to see it and what changed since.</p>
          ) : !shown ? (
            <p className={styles.muted}>Loading the version…</p>
          ) : 'error' in shown ? (
            <p role="alert" className={styles.error}>
              {shown.error}
            </p>
          ) : revision && changes ? (
            <>
              <h3 className={styles.detailTitle}>
                {KIND_LABEL[revision.kind]} {formatDateTime(revision.updatedAt, locale)}
              </h3>
              <p className={styles.muted}>
                {whoOf(revision)} · {revision.wordCount} {revision.wordCount === 1 ? 'word' : 'words'}
              </p>
              <p className={styles.legend}>
                Compared with the editor now: <del className={styles.removed}>struck out</del> is in the
                editor but not in this version; <ins className={styles.added}>underlined</ins> comes back with
                it.
              </p>
              {!anyChange ? (
                <p className={styles.same}>This version is the same as the editor’s content.</p>
              ) : null}
              <FieldDiff label="Title" parts={changes.title} />
              <FieldDiff label="Excerpt" parts={changes.excerpt} />
              <FieldDiff label="Tags" parts={changes.tags} />
              <FieldDiff label="Body" parts={changes.body} body />

              {restoreError ? (
                <p role="alert" className={styles.error}>
                  {restoreError}
                </p>
              ) : null}
              {confirming ? (
                <div className={styles.confirm} role="group" aria-label="Confirm the restore">
                  <p>
                    Restore this version? It replaces the story’s content
                    {published ? ' and goes live at once, as the story is published' : ''}. What is there now
                    stays in the history.
                  </p>
                  <div className={styles.actions}>
                    <Button variant="outline" disabled={restoring} onClick={() => setConfirming(false)}>
                      Cancel
                    </Button>
                    <Button busy={restoring} busyLabel="Restoring…" onClick={() => void restore()}>
                      Restore
                    </Button>
                  </div>
                </div>
              ) : (
                <div className={styles.actions}>
                  <Button onClick={() => setConfirming(true)}>Restore this version</Button>
                </div>
              )}
            </>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
