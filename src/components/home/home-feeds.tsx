// The home page's feeds (SPEC §2 route /, DESIGN §7): the editor pick across the top, then the
// latest stories of the reader's language (infinite scroll) beside popular stories, top tags,
// top publications and top authors.
import Image from 'next/image';
import Link from '@/components/ui/link';
import { formatDate } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import type { ReaderLanguage } from '@/server/lib/reader-language';
import type { HomeSets } from '@/server/modules/curation/curation.service';
import type { StoryPage, StorySummary } from '@/server/modules/posts/posts.schema';
import { HomeSidebar } from './home-sidebar';
import { LanguageSwitch } from './language-switch';
import { HomeStoryTabs } from './home-story-tabs';
import styles from './home-feeds.module.css';

/** How many editor-pick stories the top strip shows. */
const PICK_SHOWN = 4;

function PickCard({ story, locale }: { story: StorySummary; locale: string }) {
  const when = story.publishedAt ?? story.createdAt;
  return (
    <article className={styles.pick}>
      <Link href={storyPath(story)} className={styles.pickLink}>
        <div className={styles.pickImage}>
          {story.featureImageUrl ? (
            <Image src={story.featureImageUrl} alt="" fill sizes="(max-width: 720px) 100vw, 280px" />
          ) : null}
        </div>
        <h3 className={styles.pickTitle}>{story.title.trim() || 'Untitled story'}</h3>
      </Link>
      <p className={styles.pickMeta}>
        <span>{story.author.name}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={new Date(when).toISOString()}>{formatDate(when, locale)}</time>
      </p>
    </article>
  );
}

type HomeFeedsProps = {
  languageCode: ReaderLanguage;
  sets: HomeSets;
  latest: StoryPage;
};

export function HomeFeeds({ languageCode, sets, latest }: HomeFeedsProps) {
  const picks = sets.editorPick.posts.slice(0, PICK_SHOWN);
  return (
    <div className={`container ${styles.feeds}`} lang={languageCode}>
      {picks.length > 0 ? (
        <section className={styles.picks} aria-labelledby="home-editor-pick" data-testid="home-editor-pick">
          <h2 id="home-editor-pick" className={styles.sectionTitle}>
            Editor&rsquo;s pick
          </h2>
          <div className={styles.pickGrid}>
            {picks.map((story) => (
              <PickCard key={story.id} story={story} locale={languageCode} />
            ))}
          </div>
        </section>
      ) : null}
      <div className={styles.columns}>
        <section className={styles.latest} aria-labelledby="home-latest" data-testid="home-latest">
          {/* Latest, and for members Following (issue 25; docs/decisions/052-follows.md). */}
          <HomeStoryTabs
            languageCode={languageCode}
            latest={latest}
            languageSwitch={<LanguageSwitch current={languageCode} />}
          />
        </section>
        <HomeSidebar sets={sets} locale={languageCode} />
      </div>
    </div>
  );
}
