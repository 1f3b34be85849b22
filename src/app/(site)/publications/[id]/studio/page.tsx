import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { PublicationStudio } from '@/components/publications/studio/publication-studio';
import { tabFromParam } from '@/components/publications/studio/queue-tabs';
import { StudioSignIn } from '@/components/publications/studio/studio-sign-in';
import { getPageActor } from '@/server/auth/page-actor';
import { listPublicationQueue } from '@/server/modules/reading/publication-stories.service';
import { publicationIdSchema } from '@/server/modules/publications/publications.schema';
import { findPublicationPage } from '@/server/modules/publications/publications.service';

// SPEC §2 /publications/{id}/studio: the publication's stories under review, scheduled and published
// (?tab=pending|scheduled|published), for its members (publication.openStudio): editors review,
// authors follow their own submissions. Signed out: the sign-in prompt; anyone else: 404.

const PAGE_SIZE = 10;

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const loadPublication = cache(async (id: string) => {
  if (!publicationIdSchema.safeParse(id).success) return null;
  const found = await findPublicationPage(await getPageActor(), { id });
  return found?.publication ?? null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await loadPublication((await params).id);
  return {
    title: publication ? `Studio · ${publication.name}` : 'Page not found',
    robots: { index: false },
  };
}

export default async function PublicationStudioPage({ params, searchParams }: Props) {
  const { id } = await params;
  const publication = await loadPublication(id);
  if (!publication) notFound();
  const actor = await getPageActor();
  if (!actor) return <StudioSignIn publicationName={publication.name} />;
  const capabilities = publication.capabilities;
  if (!capabilities?.canOpenStudio) notFound();

  const tab = tabFromParam((await searchParams).tab);
  const page = await listPublicationQueue(actor, publication.id, tab, { limit: PAGE_SIZE });
  return (
    <PublicationStudio
      publication={{
        id: publication.id,
        name: publication.name,
        image: publication.image,
        subdomain: publication.subdomain,
        collections: publication.collections.map((c) => ({ id: c.id, name: c.name })),
        capabilities,
      }}
      tab={tab}
      firstPage={{ items: page.posts, lastKey: page.lastKey }}
      pageSize={PAGE_SIZE}
    />
  );
}
