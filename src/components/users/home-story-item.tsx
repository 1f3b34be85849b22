// One story on a user's home: byline (when it is someone else's story), title, excerpt, date,
// reading time and feature image; the owner gets a Pin / Unpin button.
import Image from 'next/image';
import Link from 'next/link';
import { Avatar } from '@/components/ui/avatar';
import { formatDate } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import styles from './user-home.module.css';

type HomeStoryItemProps = {
  story: StorySummary;
  /** The home's owner: a byline is shown only for stories of other authors (pinned ones). */
  ownerId: string;
  pinned?: boolean;
  /** Shown to the owner only. */
  onTogglePin?: () => void;
  pinBusy?: boolean;
};

export function HomeStoryItem({ story, ownerId, pinned, onTogglePin, pinBusy }: HomeStoryItemProps) {
  const href = storyPath(story.title, story.id);
  const title = story.title.trim() || 'Untitled story';
  const when = story.publishedAt ?? story.createdAt;
  const byOther = story.author.id !== ownerId;
  return (
    <article className={styles.story} data-pinned={pinned || undefined}>
      <div className={styles.storyMain}>
        {pinned ? (
          <p className={styles.pinnedLabel}>
            <PinIcon /> Pinned
          </p>
        ) : null}
        {byOther || story.publication ? (
          <p className={styles.byline}>
            {byOther ? (
              <>
                <Avatar name={story.author.name} image={story.author.image} size={20} />
                {story.author.subdomain ? (
                  <Link href={`/@${story.author.subdomain}`} className={styles.author}>
                    {story.author.name}
                  </Link>
                ) : (
                  <span className={styles.author}>{story.author.name}</span>
                )}
              </>
            ) : null}
            {story.publication ? <span className={styles.muted}>in {story.publication.name}</span> : null}
          </p>
        ) : null}
        <h3 className={styles.storyTitle}>
          <Link href={href}>{title}</Link>
        </h3>
        {story.excerpt ? <p className={styles.excerpt}>{story.excerpt}</p> : null}
        <div className={styles.storyFooter}>
          <p className={styles.meta}>
            <time dateTime={new Date(when).toISOString()}>{formatDate(when, story.languageCode)}</time>
            <span aria-hidden="true">·</span>
            <span>{story.readingMinutes} min read</span>
          </p>
          {onTogglePin ? (
            <button
              type="button"
              className={`button button-ghost button-small ${styles.pinButton}`}
              onClick={onTogglePin}
              disabled={pinBusy}
              aria-label={`${pinned ? 'Unpin' : 'Pin'} “${title}”`}
            >
              <PinIcon />
              {pinned ? 'Unpin' : 'Pin'}
            </button>
          ) : null}
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

export function PinIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M9.8 1.5l4.7 4.7-1.4.5-2.3 2.3.3 3-1.1 1.1-2.7-2.7-3.7 3.7-.7-.7 3.7-3.7L3.9 6.9 5 5.8l3 .3 2.3-2.3z"
        fill="currentColor"
      />
    </svg>
  );
}
