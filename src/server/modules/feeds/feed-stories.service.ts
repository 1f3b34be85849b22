import { can } from '../../auth/policy';
import { storyResource } from '../posts/posts-access.service';
import {
  countSitemapRows,
  findFeedStoryRows,
  findSitemapRows,
  type FeedScope,
  type SitemapKind,
  type SitemapRow,
} from './feed-stories.repository';

// What feeds and the sitemap read of stories: public stories only. The SQL keeps to
// published stories of active writers; each story still passes the policy's story.read for an
// anonymous reader, so a feed never shows what a signed-out visitor could not open.

export type FeedStory = {
  id: string;
  title: string;
  excerpt: string;
  slug: string;
  bodyHtml: string;
  featureImageUrl: string | null;
  publishedAt: Date;
  updatedAt: Date;
  languageCode: string;
  author: { name: string; subdomain: string | null };
  tags: { name: string; slug: string }[];
};

export type { FeedScope, SitemapKind, SitemapRow };

/** The newest public stories of the site, a writer, a publication or a tag, bodies included. */
export async function listFeedStories(scope: FeedScope, limit: number): Promise<FeedStory[]> {
  const rows = await findFeedStoryRows(scope, limit);
  return rows
    .filter((row) => can(null, 'story.read', storyResource(row)))
    .map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: row.excerpt,
      slug: row.slug,
      bodyHtml: row.bodyHtml,
      featureImageUrl: row.featureImageUrl,
      publishedAt: row.publishedAt ?? row.updatedAt,
      updatedAt: row.updatedAt,
      languageCode: row.languageCode,
      author: { name: row.author.name, subdomain: row.author.subdomain },
      tags: row.tags,
    }));
}

/** How many addresses each part of the sitemap has. */
export const countSitemapEntries = (): Promise<Record<SitemapKind, number>> => countSitemapRows();

/** One slice of a sitemap part, in a stable order. */
export const listSitemapEntries = (kind: SitemapKind, offset: number, limit: number): Promise<SitemapRow[]> =>
  findSitemapRows(kind, offset, limit);
