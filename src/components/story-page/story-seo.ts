import type { Metadata } from 'next';
import { absoluteUrl, publicAddress } from '@/components/share/share-links';
import { feedPaths } from '@/server/modules/feeds/feeds-paths';
import type { StoryPageView } from '@/server/modules/posts/posts-page.service';
import type { StoryPageComments } from '@/server/modules/responses/responses.service';

// The story page's head (title, description, canonical, Open Graph article, Twitter card) and its
// JSON-LD Article, all from the same view and the public host (DESIGN §10 PUBLIC_URL).

const SITE_NAME = 'Lamplight';
const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());

function authorUrl(story: StoryPageView, publicUrl: string): string | undefined {
  return story.author.subdomain ? publicAddress(publicUrl, `/@${story.author.subdomain}`) : undefined;
}

/** Text for a description: the excerpt, else the start of the story (one line, ≤ 300 characters). */
function describe(story: StoryPageView): string {
  const text = (story.excerpt || story.bodyHtml.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 297).trimEnd()}…` : text;
}

/**
 * The feeds a reader of this story may want: its writer's, then its publication's (the feed links of
 * the writer's home and the publication page). A writer without an address has no feed of their
 * own: the site's then, as on every other page.
 */
function storyFeeds(story: StoryPageView, publicUrl: string) {
  const feeds: { url: string; title: string }[] = [];
  if (story.author.subdomain)
    feeds.push({
      url: publicAddress(publicUrl, feedPaths.writer(story.author.subdomain)),
      title: `${story.author.name} on ${SITE_NAME}`,
    });
  if (story.publication)
    feeds.push({
      url: publicAddress(publicUrl, feedPaths.publication(story.publication.subdomain)),
      title: story.publication.name,
    });
  if (feeds.length === 0) feeds.push({ url: publicAddress(publicUrl, feedPaths.site), title: SITE_NAME });
  return feeds;
}

export function storyMetadata(story: StoryPageView, publicUrl: string): Metadata {
  const url = publicAddress(publicUrl, story.path);
  const image = absoluteUrl(story.featureImageUrl, publicUrl);
  const description = describe(story);
  const title = story.title || 'Untitled story';
  const author = authorUrl(story, publicUrl);
  return {
    title,
    description,
    // An imported story whose writer kept its original address names that one (decision 042).
    alternates: {
      canonical: story.canonicalUrl ?? url,
      types: { 'application/rss+xml': storyFeeds(story, publicUrl) },
    },
    authors: [{ name: story.author.name, ...(author && { url: author }) }],
    keywords: story.tags.map((tag) => tag.name),
    // A preview (draft, pending, …) shown to its author or desk is never for search engines.
    robots: story.isPublic ? undefined : { index: false, follow: false },
    openGraph: {
      type: 'article',
      url,
      title,
      description,
      siteName: SITE_NAME,
      locale: story.languageCode.startsWith('zh') ? 'zh_CN' : 'en_US',
      publishedTime: iso(story.publishedAt),
      modifiedTime: iso(story.updatedAt),
      authors: author ? [author] : [story.author.name],
      tags: story.tags.map((tag) => tag.name),
      ...(image && { images: [{ url: image, alt: title }] }),
    },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title,
      description,
      ...(image && { images: [image] }),
    },
  };
}

/**
 * schema.org Article as JSON safe inside <script>: '<', '>' and '&' become \u escapes (so no title,
 * tag or excerpt can write '</script>' or '<!--'), as do the two line separators JavaScript dislikes.
 */
export function storyJsonLd(story: StoryPageView, publicUrl: string, responses?: StoryPageComments): string {
  const url = publicAddress(publicUrl, story.path);
  const image = absoluteUrl(story.featureImageUrl, publicUrl);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: (story.title || 'Untitled story').slice(0, 110),
    description: describe(story),
    ...(image && { image: [image] }),
    datePublished: iso(story.publishedAt ?? story.createdAt),
    dateModified: iso(story.updatedAt),
    inLanguage: story.languageCode,
    wordCount: story.wordCount,
    keywords: story.tags.map((tag) => tag.name).join(', ') || undefined,
    author: {
      '@type': 'Person',
      name: story.author.name,
      ...(authorUrl(story, publicUrl) && { url: authorUrl(story, publicUrl) }),
    },
    publisher: story.publication
      ? {
          '@type': 'Organization',
          name: story.publication.name,
          url: publicAddress(publicUrl, `/${story.publication.subdomain}`),
        }
      : { '@type': 'Organization', name: SITE_NAME, url: publicAddress(publicUrl, '/') },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    // Readers' responses (decision 053): how many, and the newest as schema.org Comments.
    ...(responses && {
      commentCount: responses.count,
      comment: responses.comments.map((c) => ({
        '@type': 'Comment',
        text: c.text,
        dateCreated: iso(c.createdAt),
        author: {
          '@type': 'Person',
          name: c.author.name,
          ...(c.author.handle && { url: publicAddress(publicUrl, `/@${c.author.handle}`) }),
        },
      })),
    }),
  };
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
