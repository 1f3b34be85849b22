'use client';

// The publication admin's newsletters (issue 12 §3, §5): every entry with its state and the operations
// menu (SPEC §2 newsletter-operations, from each entry's `can` flags), and the stats per entry —
// recipients, delivered, failed, opened, clicked, unsubscribed (GET …/stats/getNewslettersStats).
import Link from '@/components/ui/link';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { useReaderLocale } from '@/components/hooks/use-reader-locale';
import manage from '@/components/publications/manage/manage-page.module.css';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import {
  fetchNewsletterStats,
  fetchNewsletters,
  type NewsletterEntry,
  type NewsletterStatsRow,
} from './newsletters-api';
import styles from './publication-newsletters.module.css';

const STATUS: Record<NewsletterEntry['status'], string> = {
  unscheduled: 'Not scheduled',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Stopped',
};

type Props = { publicationId: string };

export function PublicationNewsletters({ publicationId }: Props) {
  const { openDialog } = useDialog();
  const locale = useReaderLocale();
  const entries = useKeysetList<NewsletterEntry & { id: string }>({
    query: publicationId,
    fetchPage: async (lastKey, { signal }) => {
      const answer = await fetchNewsletters(publicationId, lastKey, signal);
      return {
        items: answer.newsletters.map((n) => ({ ...n, id: n.newsletterId })),
        lastKey: answer.lastKey,
      };
    },
  });
  const stats = useKeysetList<NewsletterStatsRow & { id: string }>({
    query: publicationId,
    fetchPage: async (lastKey, { signal }) => {
      const answer = await fetchNewsletterStats(publicationId, lastKey, signal);
      return {
        items: answer.newsletters.map((n) => ({ ...n, id: n.newsletterId })),
        lastKey: answer.lastKey,
      };
    },
  });
  const changed = () => {
    void entries.reload();
    void stats.reload();
  };

  return (
    <section className={manage.section} aria-labelledby="newsletters-heading">
      <div className={manage.sectionHead}>
        <h2 id="newsletters-heading" className={manage.sectionTitle}>
          Newsletters
        </h2>
        <p className={manage.sectionLead}>
          Stories going to your subscribers by e-mail. Add one from a story&rsquo;s actions menu, then
          schedule it here.
        </p>
      </div>
      {entries.error ? <p role="alert">{entries.error}</p> : null}
      {entries.items && entries.items.length === 0 ? (
        <p className={styles.empty}>No newsletters yet.</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} aria-label="Newsletter entries">
            <thead>
              <tr>
                <th scope="col">Story</th>
                <th scope="col">Status</th>
                <th scope="col">Send time</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {(entries.items ?? []).map((entry) => (
                <tr key={entry.newsletterId}>
                  <td>
                    {entry.post && entry.postId ? (
                      <Link href={storyPath({ slug: entry.post.slug, id: entry.postId })}>
                        {entry.title || 'Untitled story'}
                      </Link>
                    ) : (
                      entry.title || 'Deleted story'
                    )}
                  </td>
                  <td className={styles.status}>{STATUS[entry.status]}</td>
                  <td>
                    {entry.scheduledTime ? formatDateTime(entry.scheduledTime, locale) : '—'}
                    {entry.inSubscriberTimezone ? ' (each subscriber’s time zone)' : ''}
                  </td>
                  <td>
                    <Button
                      variant="outline"
                      size="small"
                      aria-label={`Newsletter actions for ${entry.title}`}
                      onClick={() => openDialog('newsletter-operations', { entry, onDone: changed })}
                    >
                      Manage
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={entries} compact />

      <h3 className={manage.subTitle}>Newsletter stats</h3>
      {stats.items && stats.items.length === 0 ? (
        <p className={styles.empty}>Nothing has been sent yet.</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table} aria-label="Newsletter stats">
            <thead>
              <tr>
                <th scope="col">Story</th>
                <th scope="col" className={styles.num}>
                  Recipients
                </th>
                <th scope="col" className={styles.num}>
                  Delivered
                </th>
                <th scope="col" className={styles.num}>
                  Failed
                </th>
                <th scope="col" className={styles.num}>
                  Opened
                </th>
                <th scope="col" className={styles.num}>
                  Clicked
                </th>
                <th scope="col" className={styles.num}>
                  Unsubscribed
                </th>
              </tr>
            </thead>
            <tbody>
              {(stats.items ?? []).map((row) => (
                <tr key={row.newsletterId}>
                  <td>{row.title || 'Untitled story'}</td>
                  <td className={styles.num}>{row.recipients}</td>
                  <td className={styles.num}>{row.delivered}</td>
                  <td className={styles.num}>{row.failed}</td>
                  <td className={styles.num}>{row.opened}</td>
                  <td className={styles.num}>{row.clicked}</td>
                  <td className={styles.num}>{row.unsubscribed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={stats} compact />
    </section>
  );
}
