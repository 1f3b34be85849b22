'use client';

// The publication admin's stats (SPEC §7 /publications/stats/by_post): views per day over the last
// 7, 30 or 90 days as a chart, and each published story with its views in that range, newest
// first, a page at a time. Shown to those the server lets read them (capabilities.canReview).
import Link from '@/components/ui/link';
import { useState } from 'react';
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import { formatDate } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import type { ByPostAnswer, StoryViews } from '@/server/modules/stats/stats.schema';
import { fetchPublicationStats } from './stats-api';
import { StatsChart } from './stats-chart';
import { rangeStart, STATS_RANGES, type StatsRange } from './stats-range';
import styles from './publication-stats.module.css';

type Props = {
  publicationId: string;
  /** The first answer as the server rendered it, for `range` days. */
  initial: ByPostAnswer;
  range: StatsRange;
};

export function PublicationStats({ publicationId, initial, range: initialRange }: Props) {
  const [range, setRange] = useState<StatsRange>(initialRange);
  const [summary, setSummary] = useState({ daily: initial.daily, total: initial.total, range: initialRange });
  const list = useKeysetList<StoryViews>({
    initial: { items: initial.posts, lastKey: initial.lastKey },
    query: String(range),
    fetchPage: async (lastKey, { signal }) => {
      const answer = await fetchPublicationStats(publicationId, rangeStart(range), lastKey, signal);
      // The chart comes with every page; the first page of a range brings the range's.
      if (!lastKey) setSummary({ daily: answer.daily, total: answer.total, range });
      return { items: answer.posts, lastKey: answer.lastKey };
    },
  });
  const loading = list.items === null || summary.range !== range;

  return (
    <section className={styles.stats} aria-labelledby="stats-heading" aria-busy={loading}>
      <div className={styles.head}>
        <div>
          <h2 id="stats-heading" className={styles.title}>
            Stats
          </h2>
          <p className={styles.lead}>
            Readers of each story, counted once a day per reader (UTC days). Crawlers are not counted.
          </p>
        </div>
        <div className={styles.ranges} role="group" aria-label="Period">
          {STATS_RANGES.map((days) => (
            <button
              key={days}
              type="button"
              className={styles.range}
              aria-pressed={range === days}
              onClick={() => setRange(days)}
            >
              {days} days
            </button>
          ))}
        </div>
      </div>
      <p className={styles.total}>
        <strong>{summary.total.toLocaleString('en')}</strong> {summary.total === 1 ? 'view' : 'views'} in the
        last {summary.range} days
      </p>
      <StatsChart daily={summary.daily} total={summary.total} />
      {list.error ? (
        <p className={styles.error} role="alert">
          {list.error}
        </p>
      ) : null}
      {list.items && list.items.length === 0 ? (
        <p className={styles.empty}>No published stories yet.</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.caption}>Views per story in the last {range} days</caption>
          <thead>
            <tr>
              <th scope="col">Story</th>
              <th scope="col" className={styles.dateCol}>
                Published
              </th>
              <th scope="col" className={styles.num}>
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.items ?? []).map((story) => (
              <tr key={story.id}>
                <td>
                  <Link href={storyPath(story)} className={styles.storyLink}>
                    {story.title.trim() || 'Untitled story'}
                  </Link>
                </td>
                <td className={styles.dateCol}>
                  <time dateTime={new Date(story.publishedAt).toISOString()}>
                    {formatDate(story.publishedAt, 'en')}
                  </time>
                </td>
                <td className={styles.num}>{story.views.toLocaleString('en')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore list={list} compact />
    </section>
  );
}
