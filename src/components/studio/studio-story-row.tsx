'use client';

// One story in the studio: title (to the story page when published, to the editor otherwise),
// status badge, its date (published / scheduled / updated), publication and collection, writer
// when it is someone else's, and the button that opens the story-actions menu.
import Link from '@/components/ui/link';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import type { StorySummary } from './studio-api';
import { STATUS_LABEL } from './studio-filters';
import rows from './story-rows.module.css';
import styles from './studio.module.css';

type Props = {
  story: StorySummary;
  /** The collection's name, when the story is in one the studio knows. */
  collectionName?: string;
  /** The signed-in user wrote it (the editor is theirs to open). */
  own: boolean;
  onActions: () => void;
};

function DateLine({ story }: { story: StorySummary }) {
  const locale = story.languageCode;
  const at = (ms: number, text: string) => <time dateTime={new Date(ms).toISOString()}>{text}</time>;
  // SPEC §4: a published story has publishedAt, a scheduled one scheduledTime.
  if (story.publishedAt) return <>Published {at(story.publishedAt, formatDate(story.publishedAt, locale))}</>;
  if (story.scheduledTime)
    return <>Scheduled for {at(story.scheduledTime, formatDateTime(story.scheduledTime, locale))}</>;
  return <>Updated {at(story.updatedAt, formatDate(story.updatedAt, locale))}</>;
}

export function StudioStoryRow({ story, collectionName, own, onActions }: Props) {
  const title = story.title.trim() || 'Untitled story';
  const href = story.publishedAt ? storyPath(story) : story.can?.canEdit ? `/stories/edit/${story.id}` : null;
  const place = story.publication
    ? [story.publication.name, collectionName].filter(Boolean).join(' › ')
    : null;

  return (
    <li className={styles.row} data-story-id={story.id}>
      <div className={rows.rowMain}>
        <h2 className={rows.rowTitle}>
          {href ? (
            <Link href={href} className={rows.rowLink}>
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        {story.excerpt.trim() ? <p className={rows.rowExcerpt}>{story.excerpt}</p> : null}
        <p className={styles.rowMeta}>
          <span className={styles.badge} data-status={story.status}>
            {STATUS_LABEL[story.status]}
          </span>
          <span>
            <DateLine story={story} />
          </span>
          {place ? <span>{place}</span> : null}
          {story.views !== undefined ? (
            <span>
              {story.views.toLocaleString('en')} {story.views === 1 ? 'view' : 'views'}
            </span>
          ) : null}
          {own ? null : <span>by {story.author.name || 'a writer'}</span>}
        </p>
        {story.rejectionReason ? <p className={styles.rowReason}>Reason: {story.rejectionReason}</p> : null}
      </div>
      <button
        type="button"
        className={styles.actionsButton}
        aria-label={`Story actions for ${title}`}
        aria-haspopup="dialog"
        onClick={onActions}
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <circle cx="4" cy="10" r="1.7" fill="currentColor" />
          <circle cx="10" cy="10" r="1.7" fill="currentColor" />
          <circle cx="16" cy="10" r="1.7" fill="currentColor" />
        </svg>
      </button>
    </li>
  );
}
