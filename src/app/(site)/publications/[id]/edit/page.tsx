import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ManageSignIn } from '@/components/publications/manage/manage-sign-in';
import { PublicationEdit } from '@/components/publications/manage/publication-edit';
import { SUPPORT_HREF } from '@/components/publications/manage/support-link';
import { getPageActor } from '@/server/auth/page-actor';
import { countPublishedByCollection } from '@/server/modules/reading/publication-stories.service';
import { publicationIdSchema } from '@/server/modules/publications/publications.schema';
import { findPublicationPage } from '@/server/modules/publications/publications.service';

export const metadata: Metadata = { title: 'Edit publication', robots: { index: false } };

// SPEC §2 /publications/{publicationId}/edit: the publication's profile and collections, for those the
// server lets edit it (capabilities.canEditProfile); anyone else gets the 404 page, a signed-out
// visitor the sign-in prompt.
export default async function EditPublicationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await getPageActor();
  if (!actor) return <ManageSignIn title="Edit publication" />;
  if (!publicationIdSchema.safeParse(id).success) notFound();
  const found = await findPublicationPage(actor, { id });
  const capabilities = found?.publication.capabilities;
  if (!found || !capabilities?.canEditProfile) notFound();

  const { publication } = found;
  const counts = await countPublishedByCollection(publication.collections.map((c) => c.id));
  const collections = publication.collections.map((collection) => ({
    ...collection,
    publicationId: publication.id,
    storyCount: counts.get(collection.id) ?? 0,
  }));
  return (
    <PublicationEdit
      publication={publication}
      capabilities={capabilities}
      collections={collections}
      supportHref={SUPPORT_HREF}
    />
  );
}
