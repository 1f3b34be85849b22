// The verse of the day (issue 24 item 4; docs/decisions/049-verse-of-the-day.md) as /dailydevotion
// shows it: the passage in the reader's language's translation, its name linking to its passage
// page, and the translation's name. The page passes the verse in (components never ask a service).
import Link from '@/components/ui/link';
import { VERSE_OF_THE_DAY_TITLE } from '@/server/modules/scripture/daily-verses.limits';
import type { VerseOfTheDay as Verse } from '@/server/modules/scripture/daily-verses.schema';
import styles from './verse-of-the-day.module.css';

export function VerseOfTheDay({ verse }: { verse: Verse }) {
  const numbered = verse.verses.length > 1;
  return (
    <section
      className={styles.verse}
      aria-labelledby="verse-of-the-day"
      lang={verse.language === 'zh' ? 'zh-CN' : 'en'}
      data-testid="verse-of-the-day"
    >
      <h2 id="verse-of-the-day" className={styles.title}>
        {VERSE_OF_THE_DAY_TITLE[verse.language]}
      </h2>
      <blockquote className={styles.text}>
        <p>
          {verse.verses.map((v, index) => (
            <span key={v.osis}>
              {index > 0 ? ' ' : null}
              {numbered ? <sup className={styles.number}>{v.number}</sup> : null}
              {v.text}
            </span>
          ))}
        </p>
        <footer className={styles.source}>
          <cite>
            <Link href={verse.href} className={styles.reference}>
              {verse.display}
            </Link>
          </cite>
          <span aria-hidden="true"> · </span>
          <span className={styles.translation}>{verse.translationName}</span>
        </footer>
      </blockquote>
    </section>
  );
}
