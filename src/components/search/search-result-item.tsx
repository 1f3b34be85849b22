// One story found by search: byline, the title and a passage of the body with the query's words
// marked. The highlight HTML comes from the server escaped, with <mark> its only markup
// (posts-search.highlight.ts), so it is set as HTML as is.
import Link from '@/components/ui/link';
import { Avatar } from '@/components/ui/avatar';
import { formatDate } from '@/lib/format-date';
import { storyPath } from '@/lib/slug';
import type { SearchResult } from '@/server/modules/search/posts-search.schema';
import styles from './search.module.css';

export function SearchResultItem({ story }: { story: SearchResult }) {
  const href = storyPath(story);
  return (
    <article className={styles.result} lang={story.languageCode}>
      <p className={styles.byline}>
        <Avatar name={story.author.name} image={story.author.image} size={22} />
        {story.author.subdomain ? (
          <Link href={`/@${story.author.subdomain}`} className={styles.author}>
            {story.author.name}
          </Link>
        ) : (
          <span className={styles.author}>{story.author.name}</span>
        )}
        {story.publication ? <span className={styles.muted}>in {story.publication.name}</span> : null}
      </p>
      <h3 className={styles.resultTitle}>
        <Link href={href} dangerouslySetInnerHTML={{ __html: story.highlight.title || 'Untitled story' }} />
      </h3>
      {story.highlight.snippet ? (
        <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: story.highlight.snippet }} />
      ) : null}
      <p className={styles.meta}>
        <time dateTime={new Date(story.publishedAt ?? story.createdAt).toISOString()}>
          {formatDate(story.publishedAt ?? story.createdAt)}
        </time>
        <span aria-hidden="true">·</span>
        <span>{story.readingMinutes} min read</span>
      </p>
    </article>
  );
}
