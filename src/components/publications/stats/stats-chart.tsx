// Views per day as a hand-drawn SVG bar chart (no chart library: a few rects scale to any width
// with viewBox). The numbers are also said in words for screen readers, and each bar has a title.
import type { DayViews } from '@/server/modules/stats/stats.schema';
import styles from './publication-stats.module.css';

const WIDTH = 720;
const HEIGHT = 180;
const AXIS = 20;

/** A round upper bound for the axis: 1, 2, 5, 10, 20, 50… at least `max`. */
function niceCeiling(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export function StatsChart({ daily, total }: { daily: readonly DayViews[]; total: number }) {
  const most = Math.max(0, ...daily.map((d) => d.views));
  const top = niceCeiling(most);
  const plot = HEIGHT - AXIS;
  const slot = WIDTH / Math.max(1, daily.length);
  const bar = Math.max(1, slot * 0.7);
  const first = daily[0];
  const last = daily[daily.length - 1];
  const label =
    first && last
      ? `Views per day from ${shortDay(first.day)} to ${shortDay(last.day)} (UTC): ${total} in all, at most ${most} in a day.`
      : 'No days to show.';

  return (
    <figure className={styles.chart}>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line x1="0" x2={WIDTH} y1={plot} y2={plot} className={styles.axis} />
        <line x1="0" x2={WIDTH} y1="0.5" y2="0.5" className={styles.grid} />
        {daily.map((d, i) => {
          const height = (d.views / top) * (plot - 4);
          return (
            <rect
              key={d.day}
              x={i * slot + (slot - bar) / 2}
              y={plot - height}
              width={bar}
              height={Math.max(height, d.views > 0 ? 1 : 0)}
              className={styles.bar}
            >
              <title>{`${shortDay(d.day)}: ${d.views} ${d.views === 1 ? 'view' : 'views'}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className={styles.chartAxis} aria-hidden="true">
        <span>{first ? shortDay(first.day) : ''}</span>
        <span>Most in a day: {most}</span>
        <span>{last ? shortDay(last.day) : ''}</span>
      </figcaption>
    </figure>
  );
}
