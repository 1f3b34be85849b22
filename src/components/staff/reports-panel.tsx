'use client';

// The staff area's reports queue (issue 25, docs/decisions/054-reports.md): what readers reported,
// one card per subject — the response or story itself, where, whose, who reported it and why, and
// how many reports it has — with Dismiss, Hide and Ban as the policy allows each (`can`). Resolved
// reports are a filter away, with what was done, by whom.
import Link from '@/components/ui/link';
import { useCallback, useState } from 'react';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList, type KeysetPage } from '@/components/hooks/use-keyset-list';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import {
  listReportQueue,
  resolveReport,
  type ReportQueueFilter,
  type ReportQueueItem,
} from '@/components/reports/reports-api';
import { formatDateTime } from '@/lib/format-date';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS } from '@/server/modules/reports/reports.limits';
import staff from './staff.module.css';
import styles from './reports-queue.module.css';

const STATE_LABEL: Record<ReportQueueItem['subject']['state'], string | null> = {
  visible: null,
  hidden: 'Hidden by the writer or an editor',
  removed: 'Removed by staff',
  unpublished: 'Not published',
};

/** The writer's account, when it is worth a word. */
const AUTHOR_STATUS_LABEL: Record<ReportQueueItem['subject']['author']['status'], string | null> = {
  active: null,
  banned: 'banned',
};

const RESOLUTION_LABEL: Record<NonNullable<ReportQueueItem['resolution']>['action'], string> = {
  dismiss: 'Dismissed',
  hide: 'Hidden',
  ban: 'Author banned',
};

export function ReportsPanel({ initial }: { initial?: KeysetPage<ReportQueueItem> }) {
  const [filter, setFilter] = useState<ReportQueueFilter>('open');
  const fetchPage = useCallback(
    async (lastKey: Parameters<typeof listReportQueue>[1], { signal }: { signal: AbortSignal }) => {
      const page = await listReportQueue(filter, lastKey, signal);
      return { items: page.reports, lastKey: page.lastKey };
    },
    [filter],
  );
  const queue = useKeysetList<ReportQueueItem>({ initial, query: filter, fetchPage });

  return (
    <>
      <div className={styles.filters} role="group" aria-label="Which reports">
        {(['open', 'resolved'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={styles.filter}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {value === 'open' ? 'Open' : 'Resolved'}
          </button>
        ))}
      </div>
      {queue.error ? (
        <p className="field-error" role="alert">
          {queue.error}
        </p>
      ) : queue.items === null ? (
        <p className={staff.hint} role="status">
          Loading…
        </p>
      ) : queue.items.length === 0 ? (
        <p className={staff.empty}>
          {filter === 'open' ? 'No reports are waiting.' : 'No report has been resolved yet.'}
        </p>
      ) : (
        <>
          <ul className={styles.list} aria-label={filter === 'open' ? 'Open reports' : 'Resolved reports'}>
            {queue.items.map((item) => (
              <ReportCard key={item.id} item={item} onDone={() => void queue.reload()} />
            ))}
          </ul>
          <LoadMore list={queue} />
        </>
      )}
    </>
  );
}

function ReportCard({ item, onDone }: { item: ReportQueueItem; onDone: () => void }) {
  const { showToast } = useToast();
  const [banning, setBanning] = useState(false);
  const { subject } = item;
  const isStory = item.kind === 'story';
  const act = useMutation((action: 'dismiss' | 'hide') => resolveReport(item.id, action, ''), {
    showError: 'toast',
    holdsDialog: false,
    onSuccess: (result) => {
      showToast(
        result.resolution === 'dismiss'
          ? 'Report dismissed.'
          : isStory
            ? 'The story is unpublished.'
            : 'The response is removed.',
        'info',
      );
      onDone();
    },
  });
  const state = STATE_LABEL[subject.state];
  const headingId = `report-${item.id}`;

  return (
    <li className={styles.card} aria-labelledby={headingId} data-testid="report-card">
      <div className={styles.head}>
        <span className={styles.badge}>{isStory ? 'Story' : 'Response'}</span>
        <span id={headingId} className={styles.reason}>
          {REPORT_REASON_LABELS[item.reason]}
        </span>
        <span className={styles.muted}>
          {item.reportCount === 1 ? '1 report' : `${item.reportCount} reports`} ·{' '}
          {formatDateTime(item.createdAt, 'en')}
        </span>
        {state ? <span className={styles.badge}>{state}</span> : null}
      </div>

      {isStory ? (
        <div>
          <Link href={subject.storyPath} className={styles.storyTitle}>
            {subject.storyTitle}
          </Link>
          {subject.text ? <p className={styles.content}>{subject.text}</p> : null}
        </div>
      ) : (
        <div>
          <p className={styles.content}>{subject.text}</p>
          <p className={styles.muted}>
            On <Link href={subject.storyPath}>{subject.storyTitle}</Link>
          </p>
        </div>
      )}

      <dl className={styles.facts}>
        <div>
          <dt>Written by</dt>
          <dd>
            {subject.author.name || 'Unnamed writer'}
            {AUTHOR_STATUS_LABEL[subject.author.status] ? (
              <span className={`${styles.badge} ${styles.danger}`}>
                {' '}
                {AUTHOR_STATUS_LABEL[subject.author.status]}
              </span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>Reported by</dt>
          <dd>{item.reporter.name || 'Unnamed reader'}</dd>
        </div>
      </dl>
      {item.details ? <p className={styles.details}>“{item.details}”</p> : null}

      {item.resolution ? (
        <p className={styles.muted}>
          {RESOLUTION_LABEL[item.resolution.action]}
          {item.resolution.by ? ` by ${item.resolution.by.name}` : ''} ·{' '}
          {formatDateTime(item.resolution.at, 'en')}
          {item.resolution.note ? ` — ${item.resolution.note}` : ''}
        </p>
      ) : null}

      {item.can.dismiss || item.can.hide || item.can.ban ? (
        <div className={styles.actions}>
          {item.can.dismiss ? (
            <Button
              variant="outline"
              size="small"
              disabled={act.busy}
              onClick={() => void act.run('dismiss')}
            >
              Dismiss
            </Button>
          ) : null}
          {item.can.hide ? (
            <Button variant="outline" size="small" disabled={act.busy} onClick={() => void act.run('hide')}>
              {isStory ? 'Unpublish story' : 'Remove response'}
            </Button>
          ) : null}
          {item.can.ban ? (
            <Button variant="danger" size="small" disabled={act.busy} onClick={() => setBanning(true)}>
              Ban author
            </Button>
          ) : null}
        </div>
      ) : null}
      {banning ? <BanFromReportDialog item={item} onClose={() => setBanning(false)} onDone={onDone} /> : null}
    </li>
  );
}

/** Like the author-ban dialog: who, their id, and the reason for the moderation log. */
function BanFromReportDialog({
  item,
  onClose,
  onDone,
}: {
  item: ReportQueueItem;
  onClose: () => void;
  onDone: () => void;
}) {
  const { showToast } = useToast();
  const [reason, setReason] = useState('');
  const name = item.subject.author.name.trim() || 'This writer';
  const ban = useMutation(() => resolveReport(item.id, 'ban', reason.trim()), {
    showError: 'inline',
    holdsDialog: false,
    onSuccess: () => {
      onClose();
      showToast(`${name} is banned.`, 'info');
      onDone();
    },
  });
  return (
    <Dialog
      title="Ban author"
      description="They are signed out at once and cannot sign in; their stories, responses, profile and lists vanish from every page. Nothing is deleted: unbanning brings it all back."
      onClose={onClose}
      busy={ban.busy}
      size="small"
    >
      <dl className={staff.facts}>
        <dt>Name</dt>
        <dd>{name}</dd>
        <dt>User id</dt>
        <dd>
          <code>{item.subject.author.id}</code>
        </dd>
      </dl>
      <Field label="Reason (optional, kept in the moderation log)" error={ban.error}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            maxLength={REPORT_NOTE_MAX}
            value={reason}
            disabled={ban.busy}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <div className={staff.dialogActions}>
        <Button variant="outline" disabled={ban.busy} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" busy={ban.busy} onClick={() => void ban.run()}>
          Ban author
        </Button>
      </div>
    </Dialog>
  );
}
