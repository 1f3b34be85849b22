// /tags/{slug} (SPEC §7 tag_posts, tags/{slug}, subtopics): the tag's name and story count, tabs for
// its latest stories and each of its subtopics, and the subtopics beside the list. The Latest tab
// pages with "Load more"; a subtopic's tab shows its description and its stories in staff's order.
import Link from '@/components/ui/link';
import { FollowButton } from '@/components/follows/follow-button';
import { StoryListItem } from '@/components/stories/story-list-item';
import { AnxietySubscribeButton } from '@/components/subscriptions/anxiety-subscribe-button';
import { TOPIC_ANXIETY } from '@/lib/topics';
import type { StoryPage } from '@/server/modules/posts/posts.schema';
import type { SubtopicWithStories } from '@/server/modules/subtopics/subtopics.schema';
import type { TagDetails } from '@/server/modules/tags/tag-details.schema';
import { tagPath } from './tag-seo';
import { TagStories } from './tag-stories';
import styles from './tag-page.module.css';

type TagPageProps = {
  tag: TagDetails;
  /** The chosen subtopic tab with its stories, or null for Latest. */
  subtopic: SubtopicWithStories | null;
  /** Latest's first page (null on a subtopic's tab). */
  firstPage: StoryPage | null;
  pageSize: number;
};

const count = (n: number) => `${n} ${n === 1 ? 'story' : 'stories'}`;

export function TagPage({ tag, subtopic, firstPage, pageSize }: TagPageProps) {
  const tabs = [
    { id: null, name: 'Latest', href: tagPath(tag.slug) },
    ...tag.subtopics.map((s) => ({ id: s.id, name: s.subtopicName, href: tagPath(tag.slug, s.id) })),
  ];
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Tag</p>
        <h1 className={styles.name}>{tag.name}</h1>
        <p className={styles.meta}>
          {count(tag.storyCount)}
          {tag.subtopics.length > 0
            ? ` · ${tag.subtopics.length} ${tag.subtopics.length === 1 ? 'subtopic' : 'subtopics'}`
            : null}
        </p>
        {/* Follow the tag (issue 25): the reader's part comes after the page (decision 031). */}
        <FollowButton kind="tag" id={tag.slug} name={tag.name} />
        {/* The anxiety tag's readers can also take its letters by e-mail (SPEC §9's anxiety topic). */}
        {tag.slug === TOPIC_ANXIETY ? <AnxietySubscribeButton /> : null}
      </header>

      {tag.subtopics.length > 0 ? (
        <nav className={styles.tabs} aria-label="Latest stories and subtopics">
          <ul className={styles.tabList}>
            {tabs.map((tab) => (
              <li key={tab.id ?? 'latest'}>
                <Link
                  href={tab.href}
                  className={styles.tab}
                  aria-current={(subtopic?.id ?? null) === tab.id ? 'page' : undefined}
                >
                  {tab.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className={styles.columns}>
        <section className={styles.stories} aria-labelledby="tag-list-title">
          {subtopic ? (
            <>
              <h2 id="tag-list-title" className={styles.sectionTitle}>
                {subtopic.subtopicName}
              </h2>
              {subtopic.description ? <p className={styles.lead}>{subtopic.description}</p> : null}
              {subtopic.posts.length > 0 ? (
                subtopic.posts.map((story) => (
                  <StoryListItem key={story.id} story={story} showAuthor heading="h3" />
                ))
              ) : (
                <p className={styles.empty}>No published stories in this subtopic yet.</p>
              )}
            </>
          ) : (
            <>
              <h2 id="tag-list-title" className={styles.sectionTitle}>
                Latest stories
              </h2>
              <TagStories tagSlug={tag.slug} firstPage={firstPage!} pageSize={pageSize} />
            </>
          )}
        </section>

        {tag.subtopics.length > 0 ? (
          <aside className={styles.side} aria-labelledby="tag-subtopics-title">
            <h2 id="tag-subtopics-title" className={styles.sectionTitle}>
              Subtopics
            </h2>
            <ul className={styles.subtopicList}>
              {tag.subtopics.map((s) => (
                <li key={s.id} className={styles.subtopic}>
                  <Link
                    href={tagPath(tag.slug, s.id)}
                    className={styles.subtopicName}
                    aria-current={subtopic?.id === s.id ? 'page' : undefined}
                  >
                    {s.subtopicName}
                  </Link>
                  {s.description ? <p className={styles.subtopicText}>{s.description}</p> : null}
                  <p className={styles.subtopicCount}>{count(s.storyCount)}</p>
                </li>
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
