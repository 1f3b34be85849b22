import { SCRIPTURE_LINK_CLASS, passagePath } from '@/lib/scripture-links';
import { scriptureLabels } from './scripture-labels';
import styles from './scripture.module.css';

// "Scripture in this story": every passage the story cites, once each, in order of first
// appearance, each a link to its passage page (and, like the body's references, previewed on
// hover, focus and tap). Server-rendered into the cached page; nothing at all when none is cited.

export type StoryScripturePassage = { osis: string; display: string };

export function StoryScripture({
  passages,
  language,
}: {
  passages: readonly StoryScripturePassage[];
  language: string;
}) {
  if (passages.length === 0) return null;
  const labels = scriptureLabels(language);
  return (
    <section className={styles.section} aria-labelledby="story-scripture-heading" lang={language}>
      <h2 id="story-scripture-heading" className={styles.heading}>
        {labels.inThisStory}
      </h2>
      <ul className={styles.list}>
        {passages.map((passage) => (
          <li key={passage.osis}>
            <a
              href={passagePath(passage.osis)}
              className={`${SCRIPTURE_LINK_CLASS} ${styles.passage}`}
              data-osis={passage.osis}
            >
              {passage.display}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
