import Link from '@/components/ui/link';
import { publicAddress, absoluteUrl } from '@/components/share/share-links';
import { Avatar } from '@/components/ui/avatar';
import { formatDate, toDateLocale } from '@/lib/format-date';
import type { StoryPageView } from '@/server/modules/posts/posts-page.service';
import { SubscribeButton } from '@/components/subscriptions/subscribe-button';
import { ScripturePreview } from '@/components/scripture/scripture-preview';
import { StoryScripture } from '@/components/scripture/story-scripture';
import type { PreviewTranslation } from '@/lib/scripture-links';
import { StoryActions } from './story-actions';
import styles from './story-page.module.css';
import { ViewBeacon } from './view-beacon';
import { StoryResponses } from '@/components/responses/story-responses';
import { StoryFollows } from '@/components/follows/story-follows';

// The story as a reader sees it (Medium-like: one ~680 px serif column). Server-rendered; the body
// is the HTML sanitised on write (DESIGN §9), never rebuilt from bodyJson here.

const ONLY_MANAGERS = 'Only you and the people who manage it can see this page.';
/** Why a story shown as a preview is not public (a published one is hidden only when its author is banned). */
const PREVIEW_NOTE: Record<StoryPageView['status'], string> = {
  draft: `Preview: this story is a draft. ${ONLY_MANAGERS}`,
  pending: `Preview: this story is under review. ${ONLY_MANAGERS}`,
  rejected: `Preview: this story is rejected. ${ONLY_MANAGERS}`,
  scheduled: `Preview: this story is scheduled. ${ONLY_MANAGERS}`,
  published: 'Preview: this story is hidden from readers because its author is banned.',
};

/** The story's scripture, as the server linked it in the body (docs/decisions/048). */
export type StoryArticleScripture = {
  passages: { osis: string; display: string }[];
  translation: PreviewTranslation;
  translationName: string;
};

export function StoryArticle({
  story,
  publicUrl,
  scripture,
}: {
  story: StoryPageView;
  publicUrl: string;
  scripture?: StoryArticleScripture;
}) {
  const locale = toDateLocale(story.languageCode);
  const shownAt = story.publishedAt ?? story.createdAt;
  const share = {
    url: publicAddress(publicUrl, story.path),
    title: story.title,
    excerpt: story.excerpt,
    imageUrl: absoluteUrl(story.featureImageUrl, publicUrl),
  };
  const authorHref = story.author.subdomain ? `/@${story.author.subdomain}` : null;
  const authorName = story.author.name || 'A Lamplight writer';

  return (
    <>
      <article className={styles.article} lang={story.languageCode} data-story-id={story.id}>
        <div className="reading">
          {story.isPublic ? null : (
            <p className={styles.preview} role="note">
              {PREVIEW_NOTE[story.status]}
            </p>
          )}
          <header className={styles.head}>
            <h1 className={styles.title}>{story.title || 'Untitled story'}</h1>
            {story.excerpt ? <p className={styles.subtitle}>{story.excerpt}</p> : null}
            <div className={styles.byline}>
              {authorHref ? (
                <Link href={authorHref} className={styles.avatarLink} aria-hidden="true" tabIndex={-1}>
                  <Avatar name={authorName} image={story.author.image} size={44} />
                </Link>
              ) : (
                <Avatar name={authorName} image={story.author.image} size={44} />
              )}
              <div className={styles.bylineText}>
                <p className={styles.names}>
                  {authorHref ? (
                    <Link href={authorHref} className={styles.author} rel="author">
                      {authorName}
                    </Link>
                  ) : (
                    <span className={styles.author}>{authorName}</span>
                  )}
                  {story.publication ? (
                    <>
                      <span className={styles.in}> in </span>
                      <Link href={`/${story.publication.subdomain}`} className={styles.publication}>
                        {story.publication.name}
                      </Link>
                    </>
                  ) : null}
                </p>
                <p className={styles.meta}>
                  <span>{story.readingMinutes || 1} min read</span>
                  <span aria-hidden="true"> · </span>
                  <time dateTime={new Date(shownAt).toISOString()}>{formatDate(shownAt, locale)}</time>
                </p>
              </div>
              {/* Follow the writer and the publication (issue 25; docs/decisions/052-follows.md). */}
              {story.isPublic ? <StoryFollows author={story.author} publication={story.publication} /> : null}
            </div>
            <StoryActions postId={story.id} share={share} className={styles.actionBar} />
          </header>

          {story.featureImageUrl ? (
            <figure className={styles.feature}>
              {/* eslint-disable-next-line @next/next/no-img-element -- writers' images come from any https host or /uploads */}
              <img src={story.featureImageUrl} alt="" decoding="async" fetchPriority="high" />
            </figure>
          ) : null}

          <div className={styles.body} dangerouslySetInnerHTML={{ __html: story.bodyHtml }} />

          {scripture && scripture.passages.length > 0 ? (
            <>
              <StoryScripture passages={scripture.passages} language={story.languageCode} />
              <ScripturePreview
                translation={scripture.translation}
                translationName={scripture.translationName}
                language={story.languageCode}
                displays={Object.fromEntries(
                  scripture.passages.map((passage) => [passage.osis, passage.display]),
                )}
              />
            </>
          ) : null}

          {story.tags.length > 0 ? (
            <ul className={styles.tags} aria-label="Tags">
              {story.tags.map((tag) => (
                <li key={tag.slug}>
                  <Link href={`/tags/${encodeURIComponent(tag.slug)}`} className={styles.tag}>
                    {tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <StoryActions postId={story.id} share={share} className={styles.actionBarBottom} />
          {story.publication && story.isPublic ? (
            <SubscribeButton
              publicationId={story.publication.id}
              publicationName={story.publication.name}
              from="article"
            />
          ) : null}
          {story.isPublic ? <ViewBeacon postId={story.id} /> : null}
        </div>
      </article>
      {/* Readers' responses are not part of the story: they sit after its <article>, so the story's
        markup (and what checks it) holds only what the writer wrote. */}
      {story.isPublic ? (
        <div className={`reading ${styles.responses}`}>
          <StoryResponses postId={story.id} />
        </div>
      ) : null}
    </>
  );
}
