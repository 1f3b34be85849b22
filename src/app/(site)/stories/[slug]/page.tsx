import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { StoryArticle } from '@/components/story-page/story-article';
import { storyJsonLd, storyMetadata } from '@/components/story-page/story-seo';
import { safeDecode } from '@/lib/url';
import { env } from '@/server/lib/env';
import { getStoryPage } from '@/server/modules/posts/posts-page.service';
import { getPageActor } from '@/server/auth/page-actor';
import { linkScriptureReferences } from '@/server/modules/scripture/story-links/scripture-links';
import { storyPageComments } from '@/server/modules/responses/responses.service';

// /stories/{title-slug}-{id} (DESIGN §2): the story, server-rendered from its sanitised HTML. Not
// public, or not there → the site's 404 page; an outdated slug → the current address (permanent).
// Fresh on every request; the response cache in front of it is docs/decisions/006-story-page.md.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

// One lookup per request, shared by generateMetadata and the page.
const loadStory = cache((slug: string) => getStoryPage(safeDecode(slug), getPageActor));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const result = await loadStory((await params).slug);
  if (result.kind !== 'story') return { title: 'Page not found', robots: { index: false } };
  return storyMetadata(result.story, env.PUBLIC_URL);
}

export default async function StoryPage({ params }: Props) {
  const result = await loadStory((await params).slug);
  if (result.kind === 'not-found') notFound();
  if (result.kind === 'redirect') permanentRedirect(result.path);
  // The body's scripture references become links to their passage pages, here, once per render:
  // the front server keeps the page for every reader (docs/decisions/006, 048).
  const { html, ...scripture } = linkScriptureReferences(
    result.story.bodyHtml,
    result.story.languageCode,
    result.story.title,
  );
  const story = { ...result.story, bodyHtml: html };
  // The newest responses as JSON-LD comments, the same for every reader (decision 053): the page cache's
  // fingerprint carries the responses' version, so a change renders the page again once.
  const comments = story.isPublic ? await storyPageComments(story.id) : undefined;
  return (
    <>
      <script
        type="application/ld+json"
        // JSON with '<' escaped (story-seo.ts): no text of the story can close the script element.
        dangerouslySetInnerHTML={{ __html: storyJsonLd(story, env.PUBLIC_URL, comments) }}
      />
      <StoryArticle story={story} publicUrl={env.PUBLIC_URL} scripture={scripture} />
    </>
  );
}
