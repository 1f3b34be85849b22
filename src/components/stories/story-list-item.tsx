// One story in a column of stories (Medium's rows): an optional label and byline, title, excerpt,
// status, date and reading time, an action on the right, and the feature image on the side. Lists
// and user homes use it with their own label and action.
import Image from 'next/image';
import Link from '@/components/ui/link';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ReaderDate } from '@/components/dates/reader-date';
import { storyPath } from '@/lib/slug';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import styles from './story-list-item.module.css';

type StoryListItemProps = {
  story: StorySummary;
  /** Show the author's avatar and name (the publication is shown either way). */
  showAuthor: boolean;
  /** The title's heading level in the page's outline. */
  heading: 'h2' | 'h3';
  /** Above the byline, e.g. "Pinned". */
  label?: ReactNode;
  /** Right of the date, e.g. a Save or Pin button. */
  action?: ReactNode;
  'data-pinned'?: boolean;
  /** The reader's date locale when the page knows it; otherwise the signed-in reader's preference. */
  dateLocale?: string;
};

/** The badge of a story that is not out for everyone yet (a published one needs none). */
const STATUS_LABEL: Record<StorySummary['status'], string | null> = {
  draft: 'Draft',
  pending: 'Under review',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
  published: null,
};

export function StoryListItem({
  story,
  showAuthor,
  heading: Heading,
  label,
  action,
  dateLocale,
  ...rest
}: StoryListItemProps) {
  const href = storyPath(story);
  const title = story.title.trim() || 'Untitled story';
  const when = story.publishedAt ?? story.createdAt;
  return (
    <article className={styles.item} data-pinned={rest['data-pinned'] || undefined}>
      <div className={styles.main}>
        {label ? <p className={styles.label}>{label}</p> : null}
        {showAuthor || story.publication ? (
          <p className={styles.byline}>
            {showAuthor ? (
              <>
                <Avatar name={story.author.name} image={story.author.image} size={22} />
                {story.author.subdomain ? (
                  <Link href={`/@${story.author.subdomain}`} className={styles.author}>
                    {story.author.name}
                  </Link>
                ) : (
                  <span className={styles.author}>{story.author.name}</span>
                )}
              </>
            ) : null}
            {story.publication ? (
              <span className={styles.publication}>in {story.publication.name}</span>
            ) : null}
          </p>
        ) : null}
        <Heading className={styles.title}>
          <Link href={href}>{title}</Link>
        </Heading>
        {story.excerpt ? <p className={styles.excerpt}>{story.excerpt}</p> : null}
        <div className={styles.footer}>
          <p className={styles.meta}>
            {STATUS_LABEL[story.status] ? (
              <span className={styles.status}>{STATUS_LABEL[story.status]}</span>
            ) : null}
            <ReaderDate value={when} locale={dateLocale} />
            <span aria-hidden="true">·</span>
            <span>{story.readingMinutes} min read</span>
          </p>
          {action}
        </div>
      </div>
      {story.featureImageUrl ? (
        <Link href={href} className={styles.thumb} tabIndex={-1} aria-hidden="true">
          <Image src={story.featureImageUrl} alt="" fill sizes="(max-width: 767px) 96px, 160px" unoptimized />
        </Link>
      ) : null}
    </article>
  );
}
