import type { Metadata } from 'next';
import { publicAddress } from '@/components/share/share-links';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';
import type { TagDetails } from '@/server/modules/tags/tag-details.schema';
import type { Subtopic } from '@/server/modules/subtopics/subtopics.schema';

// The tag page's head: title, description, canonical /tags/{slug} (with ?subtopic= on a subtopic's
// tab), Open Graph and Twitter card, and the tag's RSS feed, from the public host (PUBLIC_URL).

const SITE_NAME = 'Lamplight';

/** The tag page's path, with the subtopic tab when one is chosen. */
export function tagPath(slug: string, subtopicId?: string | null): string {
  const base = `/tags/${encodeURIComponent(slug)}`;
  return subtopicId ? `${base}?subtopic=${encodeURIComponent(subtopicId)}` : base;
}

const stories = (count: number) => `${count} ${count === 1 ? 'story' : 'stories'}`;

export function tagMetadata(tag: TagDetails, publicUrl: string, subtopic: Subtopic | null): Metadata {
  const url = publicAddress(publicUrl, tagPath(tag.slug, subtopic?.id));
  const title = subtopic ? `${subtopic.subtopicName} · ${tag.name}` : tag.name;
  const description =
    subtopic?.description.trim() ||
    `${stories(subtopic ? subtopic.storyCount : tag.storyCount)} tagged ${tag.name} on ${SITE_NAME}.`;
  return {
    title,
    description,
    alternates: {
      canonical: url,
      types: rssAlternate(publicUrl, feedPaths.tag(tag.slug), `${tag.name} on ${SITE_NAME}`),
    },
    openGraph: { type: 'website', url, title, description, siteName: SITE_NAME },
    twitter: { card: 'summary', title, description },
  };
}
