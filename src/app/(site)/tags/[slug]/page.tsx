import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { TagPage } from '@/components/tags/tag-page';
import { tagMetadata, tagPath } from '@/components/tags/tag-seo';
import { safeDecode } from '@/lib/url';
import { AppError } from '@/server/lib/errors';
import { env } from '@/server/lib/env';
import { listTagPosts } from '@/server/modules/reading/tag-stories.service';
import { getSubtopicOrThrow } from '@/server/modules/subtopics/subtopics.service';
import { getTagDetailsOrThrow } from '@/server/modules/tags/tags.service';
import { tagSlug } from '@/lib/slug';

// /tags/{slug}: a tag's stories and subtopics (SPEC §7). An unknown tag, or a ?subtopic= that is not
// one of the tag's, is the 404 page; /tags/Finding%20Peace moves to /tags/finding-peace.

const STORIES_PAGE_SIZE = 10;

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The tag, or null when there is none (one lookup per request, shared with generateMetadata). */
const loadTag = cache(async (slug: string) => {
  try {
    return await getTagDetailsOrThrow(null, slug);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
});

async function chosenSubtopicId(searchParams: Props['searchParams']): Promise<string | undefined> {
  const raw = (await searchParams).subtopic;
  return Array.isArray(raw) ? raw[0] : raw;
}

async function load({ params, searchParams }: Props) {
  const slug = safeDecode((await params).slug);
  const tag = await loadTag(slug);
  const subtopicId = await chosenSubtopicId(searchParams);
  const subtopic = subtopicId ? (tag?.subtopics.find((s) => s.id === subtopicId) ?? null) : undefined;
  return { slug, tag, subtopicId, subtopic };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { tag, subtopic } = await load(props);
  if (!tag || subtopic === null) return { title: 'Page not found', robots: { index: false } };
  return tagMetadata(tag, env.PUBLIC_URL, subtopic ?? null);
}

export default async function TagRoute(props: Props) {
  const { slug, tag, subtopic } = await load(props);
  if (!tag) {
    const normal = tagSlug(slug);
    if (normal && normal !== slug) permanentRedirect(tagPath(normal));
    notFound();
  }
  if (subtopic === null) notFound();
  const [chosen, firstPage] = subtopic
    ? [await getSubtopicOrThrow(null, subtopic.id), null]
    : [null, await listTagPosts(null, tag.slug, { limit: STORIES_PAGE_SIZE })];
  return <TagPage tag={tag} subtopic={chosen} firstPage={firstPage} pageSize={STORIES_PAGE_SIZE} />;
}
