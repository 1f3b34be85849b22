// /scripture/{osis} (issue 24 item 3): a passage's text in the reader's language's translation, with
// the translation's name, licence and source, its chapter's neighbours (or a book's chapters), and
// the published stories citing it, newest first, a page at a time through plain links (no script
// needed). The page is one HTML per passage and language, kept by the passage page cache.
import Link from '@/components/ui/link';
import { StoryListItem } from '@/components/stories/story-list-item';
import type { StoryPage } from '@/server/modules/posts/posts.schema';
import type { PassagePageData } from '@/server/modules/scripture/passages.service';
import { PASSAGE_LABELS } from './passage-labels';
import styles from './passage-page.module.css';

const path = (osis: string) => `/scripture/${osis}`;

type PassagePageProps = {
  passage: PassagePageData;
  stories: StoryPage;
  /** The address of the next page of stories, or null on the last. */
  moreHref: string | null;
  /** This is a later page of stories (?lastKey=): a link back to the first. */
  later: boolean;
  feedHref: string;
};

function PassageText({ passage }: { passage: PassagePageData }) {
  const labels = PASSAGE_LABELS[passage.language];
  if (passage.verses.length === 0) {
    return <p className={styles.missing}>{labels.notInTranslation(passage.translation.name)}</p>;
  }
  // One paragraph per chapter; a chapter heading when the passage runs over more than one.
  const chapters: PassagePageData['verses'][] = [];
  for (const verse of passage.verses) {
    const last = chapters.at(-1);
    if (last && last[0].chapter === verse.chapter) last.push(verse);
    else chapters.push([verse]);
  }
  return (
    <div className={styles.text} lang={passage.language === 'zh' ? 'zh-CN' : 'en'} data-testid="passage-text">
      {chapters.map((verses) => (
        <section key={verses[0].osis}>
          {chapters.length > 1 ? <h2 className={styles.chapterHeading}>{verses[0].chapter}</h2> : null}
          <p className={styles.verses}>
            {verses.map((verse) => (
              <span key={verse.osis} id={verse.osis} className={styles.verse}>
                <sup className={styles.number}>{verse.number}</sup>
                {verse.text}{' '}
              </span>
            ))}
          </p>
        </section>
      ))}
    </div>
  );
}

function ChapterLinks({ passage }: { passage: PassagePageData }) {
  const labels = PASSAGE_LABELS[passage.language];
  return (
    <nav aria-label={labels.chapters} className={styles.chapters}>
      {passage.chapterGroups.map((group) => (
        <section key={group.book}>
          <h2 className={styles.groupName}>
            {passage.chapterGroups.length > 1 ? group.name : labels.chapters}
          </h2>
          <ul className={styles.chapterList}>
            {group.chapters.map((chapter) => (
              <li key={chapter.osis}>
                <Link
                  href={path(chapter.osis)}
                  className={styles.chapterLink}
                  aria-label={labels.chapterName(group.name, chapter.chapter)}
                >
                  {chapter.chapter}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

export function PassagePage({ passage, stories, moreHref, later, feedHref }: PassagePageProps) {
  const labels = PASSAGE_LABELS[passage.language];
  const dateLocale = passage.language === 'zh' ? 'zh-CN' : 'en-US';
  return (
    <div className={`reading ${styles.page}`} lang={passage.language === 'zh' ? 'zh-CN' : 'en'}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{labels.eyebrow}</p>
        <h1 className={styles.title}>{passage.display}</h1>
        <p className={styles.translation}>{passage.translation.name}</p>
      </header>

      {passage.chapterGroups.length > 0 ? (
        <ChapterLinks passage={passage} />
      ) : (
        <PassageText passage={passage} />
      )}

      {passage.chapter || passage.previous || passage.next ? (
        <nav className={styles.around} aria-label={labels.chapters}>
          {passage.previous ? (
            <Link href={path(passage.previous.osis)} className={styles.aroundLink} rel="prev">
              <span aria-hidden="true">‹ </span>
              {passage.previous.display}
            </Link>
          ) : null}
          {passage.chapter ? (
            <Link href={path(passage.chapter.osis)} className={styles.aroundLink}>
              {labels.wholeChapter(passage.chapter.display)}
            </Link>
          ) : null}
          {passage.next ? (
            <Link
              href={path(passage.next.osis)}
              className={`${styles.aroundLink} ${styles.nextLink}`}
              rel="next"
            >
              {passage.next.display}
              <span aria-hidden="true"> ›</span>
            </Link>
          ) : null}
        </nav>
      ) : null}

      <footer className={styles.source}>
        <p>
          <strong>{labels.text}</strong> {passage.translation.name}. {passage.translation.licence}
        </p>
        <p>
          <strong>{labels.source}</strong> {passage.translation.source}
        </p>
      </footer>

      <section className={styles.stories} aria-labelledby="passage-stories-title">
        <div className={styles.storiesHead}>
          <h2 id="passage-stories-title" className={styles.sectionTitle}>
            {labels.citing(passage.display)}
          </h2>
          <a href={feedHref} className={styles.feed} type="application/rss+xml">
            {labels.feed}
          </a>
        </div>
        {stories.posts.length > 0 ? (
          <div data-testid="passage-stories">
            {stories.posts.map((story) => (
              <StoryListItem key={story.id} story={story} showAuthor heading="h3" dateLocale={dateLocale} />
            ))}
          </div>
        ) : (
          <p className={styles.empty}>{labels.empty}</p>
        )}
        {moreHref || later ? (
          <nav className={styles.pages} aria-label={labels.citing(passage.display)}>
            {later ? (
              <a href={path(passage.osis)} className="button button-outline">
                {labels.newest}
              </a>
            ) : null}
            {moreHref ? (
              <a href={moreHref} className="button button-outline" rel="next">
                {labels.more}
              </a>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
