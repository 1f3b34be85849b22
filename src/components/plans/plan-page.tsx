// A reading plan's page (issue 24 item 5; docs/decisions/050-reading-plans.md): the same HTML for
// every reader (decision 031) — the plan, its days, each a story and the passages to read with it.
// The reader's own part (start, progress, streak, marking days read) comes after the page, in the
// space PlanReader keeps for it.
import Link from '@/components/ui/link';
import { passagePath } from '@/lib/scripture-links';
import type { Plan } from '@/server/modules/plans/plans.schema';
import { DayReadMark, PlanReader } from './plan-reader';
import styles from './plan-page.module.css';

export function PlanPage({ plan }: { plan: Plan }) {
  return (
    <article className={`reading ${styles.page}`} lang={plan.languageCode}>
      <p className={styles.publication}>
        <Link href={`/${plan.publication.subdomain}`}>{plan.publication.name}</Link> · Reading plan
      </p>
      <h1 className={styles.title}>{plan.title}</h1>
      {plan.description ? <p className={styles.description}>{plan.description}</p> : null}
      <p className={styles.length}>
        {plan.totalDays} {plan.totalDays === 1 ? 'day' : 'days'}: a story a day, mailed at the time you choose
      </p>
      <PlanReader planId={plan.id} totalDays={plan.totalDays}>
        <h2 className={styles.daysTitle}>The days</h2>
        <ol className={styles.days} aria-label="Days of the plan">
          {plan.days.map((day) => (
            <li key={day.day} className={styles.day} aria-label={`Day ${day.day}`}>
              <span className={styles.dayNumber}>Day {day.day}</span>
              <div className={styles.dayBody}>
                {day.story ? (
                  <>
                    <h3 className={styles.story}>
                      <Link href={day.story.path}>{day.story.title}</Link>
                    </h3>
                    <p className={styles.storyMeta}>
                      {day.story.authorName} · {day.story.readingMinutes} min read
                    </p>
                  </>
                ) : (
                  <p className={styles.gone}>This day’s story is no longer published.</p>
                )}
                {day.passages.length > 0 ? (
                  <ul className={styles.passages} aria-label={`Passages for day ${day.day}`}>
                    {day.passages.map((passage) => (
                      <li key={passage.osis}>
                        <a href={passagePath(passage.osis)}>{passage.display}</a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
              <DayReadMark day={day.day} />
            </li>
          ))}
        </ol>
      </PlanReader>
    </article>
  );
}
