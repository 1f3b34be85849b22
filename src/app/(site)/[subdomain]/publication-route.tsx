import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PublicationHome } from '@/components/publications/public/publication-home';
import { publicationJsonLd, publicationMetadata } from '@/components/publications/public/publication-seo';
import { env } from '@/server/lib/env';
import { getPublicationStories } from '@/server/modules/curation/curation.service';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';
import { listPublicationPlans } from '@/server/modules/plans/plans.service';
import { listPublicationPosts } from '@/server/modules/reading/publication-stories.service';
import { publicationIdSchema } from '@/server/modules/publications/publications.schema';
import { findPublicationPage } from '@/server/modules/publications/publications.service';

// The publication page behind both of its addresses (SPEC §2): /{subdomain} and /publications/{id}.
// One lookup per request, shared by generateMetadata and the page; an unknown subdomain or id, or a
// collection tab of another publication, is the 404 page. One HTML for every reader (decision 031):
// rendered as a guest sees it; a member's links come from GET /api/me/page-state after it.

const STORIES_PAGE_SIZE = 10;

export type PublicationAddress = { by: 'id' | 'subdomain'; value: string };
export type PublicationSearchParams = Promise<Record<string, string | string[] | undefined>>;

const loadPublication = cache(async (by: 'id' | 'subdomain', value: string) => {
  if (by === 'id' && !publicationIdSchema.safeParse(value).success) return null;
  return findPublicationPage(null, by === 'id' ? { id: value } : { subdomain: value });
});

/** The ?collection= tab: undefined when none is asked for, null when it is not this publication's. */
async function chosenCollection(address: PublicationAddress, searchParams: PublicationSearchParams) {
  const raw = (await searchParams).collection;
  const id = Array.isArray(raw) ? raw[0] : raw;
  if (!id) return undefined;
  const page = await loadPublication(address.by, address.value);
  return page?.publication.collections.find((c) => c.id === id) ?? null;
}

export async function publicationRouteMetadata(
  address: PublicationAddress,
  searchParams: PublicationSearchParams,
): Promise<Metadata> {
  const page = await loadPublication(address.by, address.value);
  const collection = await chosenCollection(address, searchParams);
  if (!page || collection === null) return { title: 'Page not found', robots: { index: false } };
  const metadata = publicationMetadata(page.publication, env.PUBLIC_URL, collection ?? null);
  const { name, subdomain } = page.publication;
  const types = rssAlternate(env.PUBLIC_URL, feedPaths.publication(subdomain), name);
  return { ...metadata, alternates: { ...metadata.alternates, types } };
}

export async function PublicationRoute({
  address,
  searchParams,
}: {
  address: PublicationAddress;
  searchParams: PublicationSearchParams;
}) {
  const page = await loadPublication(address.by, address.value);
  const collection = await chosenCollection(address, searchParams);
  if (!page || collection === null) notFound();
  const { publication } = page;
  const [firstPage, trending, plans] = await Promise.all([
    listPublicationPosts(null, publication.id, { collectionId: collection?.id, limit: STORIES_PAGE_SIZE }),
    // Only a set the staff curated: the default (the newest stories) would repeat the list beside it.
    // Its changes bump the page's version (migration 0011), so the cached page follows them.
    getPublicationStories(null, 'trending', publication.id),
    // Its reading plans: each write of a plan bumps the page's version (plans.service.ts), so the
    // cached page follows them.
    listPublicationPlans(publication.id),
  ]);
  const basePath =
    address.by === 'id' ? `/publications/${encodeURIComponent(publication.id)}` : `/${publication.subdomain}`;
  return (
    <>
      <script
        type="application/ld+json"
        // JSON with '<' escaped (publication-seo.ts): no name or description can close the element.
        dangerouslySetInnerHTML={{ __html: publicationJsonLd(publication, env.PUBLIC_URL) }}
      />
      <PublicationHome
        {...page}
        collection={collection ?? null}
        firstPage={firstPage}
        pageSize={STORIES_PAGE_SIZE}
        basePath={basePath}
        trending={trending.curated ? trending.posts : []}
        plans={plans}
      />
    </>
  );
}
