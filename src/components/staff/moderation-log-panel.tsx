'use client';

// The moderation log (issue 13): every ban, unban and site-role change — who, to whom, when, why —
// newest first, page by page. A site admin unbans from the row of a ban whose writer is still banned
// (a writer with no story left to open has no other way back).
import { useCallback } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList, type KeysetPage } from '@/components/hooks/use-keyset-list';
import { formatDateTime } from '@/lib/format-date';
import { listModerationLog, type ModerationEntry } from './staff-api';
import styles from './staff.module.css';

const WHAT: Record<ModerationEntry['action'], string> = {
  ban: 'Banned',
  unban: 'Unbanned',
  grant_role: 'Made site',
  revoke_role: 'Removed as site',
  remove_response: 'Removed a response by',
  restore_response: 'Restored a response by',
  dismiss_report: 'Dismissed a report about',
  unpublish_story: 'Unpublished a story by',
};

/** `initial`: the first page as the server rendered it; `canBan`: the policy's staff flag. */
export function ModerationLogPanel({
  initial,
  canBan,
}: {
  initial?: KeysetPage<ModerationEntry>;
  canBan: boolean;
}) {
  const { openDialog } = useDialog();
  const fetchPage = useCallback(
    async (lastKey: Parameters<typeof listModerationLog>[0], { signal }: { signal: AbortSignal }) => {
      const page = await listModerationLog(lastKey, signal);
      return { items: page.entries, lastKey: page.lastKey };
    },
    [],
  );
  const log = useKeysetList<ModerationEntry>({ initial, fetchPage });
  if (log.error) {
    return (
      <p className="field-error" role="alert">
        {log.error}
      </p>
    );
  }
  if (log.items === null) {
    return (
      <p className={styles.hint} role="status">
        Loading…
      </p>
    );
  }
  if (log.items.length === 0) return <p className={styles.empty}>Nothing has been recorded yet.</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label="Moderation log">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">What</th>
            <th scope="col">Who</th>
            <th scope="col">By</th>
            <th scope="col">Reason</th>
            {canBan ? (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {log.items.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.createdAt, 'en')}</td>
              <td>{entry.role ? `${WHAT[entry.action]} ${entry.role}` : WHAT[entry.action]}</td>
              <td>
                {entry.target.name}
                <span className={styles.itemDetail}>{entry.target.email}</span>
              </td>
              <td>{entry.actor?.name ?? 'Command line'}</td>
              <td>{entry.reason || '—'}</td>
              {canBan ? (
                <td>
                  {entry.canUnban ? (
                    <Button
                      variant="outline"
                      size="small"
                      onClick={() =>
                        openDialog('author-ban', {
                          author: { id: entry.target.id, name: entry.target.name },
                          action: 'unban',
                          onDone: () => window.location.reload(),
                        })
                      }
                    >
                      Unban
                    </Button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <LoadMore list={log} />
    </div>
  );
}
