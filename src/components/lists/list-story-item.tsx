'use client';

// One story inside a list (Medium's list rows): author, title, excerpt, date and reading time, the
// feature image on the side, and a Save button that opens save-to for the story.
import Image from 'next/image';
import Link from 'next/link';
import { Avatar } from '@/components/ui/avatar';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { formatDate } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import { BookmarkIcon } from './list-icons';
import styles from './list-story-item.module.css';

export function ListStoryItem({ story }: { story: StorySummary }) {
  const { openDialog } = useDialog();
  const href = storyPath(story.title, story.id);
  const title = story.title.trim() || 'Untitled story';
  const when = story.publishedAt ?? story.createdAt;
  const authorHref = story.author.subdomain ? `/@${story.author.subdomain}` : null;
  return (
    <article className={styles.item}>
      <div className={styles.main}>
        <p className={styles.byline}>
          <Avatar name={story.author.name} image={story.author.image} size={22} />
          {authorHref ? (
            <Link href={authorHref} className={styles.author}>
              {story.author.name}
            </Link>
          ) : (
            <span className={styles.author}>{story.author.name}</span>
          )}
          {story.publication ? <span className={styles.publication}>in {story.publication.name}</span> : null}
        </p>
        <h2 className={styles.title}>
          <Link href={href}>{title}</Link>
        </h2>
        {story.excerpt ? <p className={styles.excerpt}>{story.excerpt}</p> : null}
        <div className={styles.footer}>
          <p className={styles.meta}>
            {story.status !== 'published' ? (
              <span className={styles.status}>{statusLabel(story.status)}</span>
            ) : null}
            <time dateTime={new Date(when).toISOString()}>{formatDate(when, story.languageCode)}</time>
            <span aria-hidden="true">·</span>
            <span>{story.readingMinutes} min read</span>
          </p>
          <button
            type="button"
            className={styles.save}
            onClick={() => openDialog('save-to', { postId: story.id })}
            aria-label={`Save “${title}” to a list`}
            title="Save to list"
          >
            <BookmarkIcon size={20} />
          </button>
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

function statusLabel(status: StorySummary['status']): string {
  switch (status) {
    case 'pending':
      return 'Under review';
    case 'scheduled':
      return 'Scheduled';
    case 'rejected':
      return 'Rejected';
    default:
      return 'Draft';
  }
}
