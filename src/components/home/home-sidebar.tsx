// The home page's side column: popular stories, top publications, top tags and top authors of the
// reader's language and country (curated, or DESIGN §7's computed sets). Server-rendered links only.
import Link from '@/components/ui/link';
import { Avatar } from '@/components/ui/avatar';
import { formatDate } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import type { HomeSets } from '@/server/modules/curation/curation.service';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import styles from './home-feeds.module.css';

/** A numbered list of story titles with author and date (popular stories). */
export function StoryRail({ stories, locale }: { stories: StorySummary[]; locale: string }) {
  return (
    <ol className={styles.rail}>
      {stories.map((story, index) => (
        <li key={story.id} className={styles.railItem}>
          <span className={styles.rank} aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <div className={styles.railText}>
            <p className={styles.railByline}>
              <Avatar name={story.author.name} image={story.author.image} size={20} />
              <span>{story.author.name}</span>
            </p>
            <Link href={storyPath(story)} className={styles.railTitle}>
              {story.title.trim() || 'Untitled story'}
            </Link>
            <time
              className={styles.railDate}
              dateTime={new Date(story.publishedAt ?? story.createdAt).toISOString()}
            >
              {formatDate(story.publishedAt ?? story.createdAt, locale)}
            </time>
          </div>
        </li>
      ))}
    </ol>
  );
}

type SectionProps = { id: string; title: string; children: React.ReactNode };

function Section({ id, title, children }: SectionProps) {
  return (
    <section className={styles.sideSection} aria-labelledby={id} data-testid={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function HomeSidebar({ sets, locale }: { sets: HomeSets; locale: string }) {
  return (
    <aside className={styles.sidebar} aria-label="Discover">
      {sets.popular.posts.length > 0 ? (
        <Section id="home-popular" title="Popular stories">
          <StoryRail stories={sets.popular.posts} locale={locale} />
        </Section>
      ) : null}
      {sets.tags.tags.length > 0 ? (
        <Section id="home-tags" title="Top tags">
          <ul className={styles.tags}>
            {sets.tags.tags.map((tag) => (
              <li key={tag.slug}>
                <Link href={`/tags/${encodeURIComponent(tag.slug)}`} className={styles.tag}>
                  {tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {sets.publications.publications.length > 0 ? (
        <Section id="home-publications" title="Top publications">
          <ul className={styles.people}>
            {sets.publications.publications.map((publication) => (
              <li key={publication.id} className={styles.person}>
                <Avatar name={publication.name} image={publication.image} size={36} shape="square" />
                <div className={styles.personText}>
                  <Link href={`/${publication.subdomain}`} className={styles.personName}>
                    {publication.name}
                  </Link>
                  {publication.description ? (
                    <p className={styles.personBio}>{publication.description}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {sets.authors.authors.length > 0 ? (
        <Section id="home-authors" title="Top authors">
          <ul className={styles.people}>
            {sets.authors.authors.map((author) => (
              <li key={author.id} className={styles.person}>
                <Avatar name={author.name} image={author.image} size={36} />
                <div className={styles.personText}>
                  {author.subdomain ? (
                    <Link href={`/@${author.subdomain}`} className={styles.personName}>
                      {author.name}
                    </Link>
                  ) : (
                    <span className={styles.personName}>{author.name}</span>
                  )}
                  {author.description ? <p className={styles.personBio}>{author.description}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </aside>
  );
}
