import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PublicationExportSection } from '@/components/exports/publication-export-section';
import { PublicationImportSection } from '@/components/imports/publication-import-section';
import { ManageSignIn } from '@/components/publications/manage/manage-sign-in';
import { PublicationAdmin } from '@/components/publications/manage/publication-admin';
import { SUPPORT_HREF } from '@/components/publications/manage/support-link';
import { PublicationStats } from '@/components/publications/stats/publication-stats';
import { PublicationPlansSection } from '@/components/plans/publication-plans-section';
import { WebhooksSection } from '@/components/webhooks/webhooks-section';
import { DEFAULT_STATS_RANGE, rangeStart } from '@/components/publications/stats/stats-range';
import { getPageActor } from '@/server/auth/page-actor';
import { mayExportPublication } from '@/server/modules/exports/exports.service';
import { mayImportIntoPublication } from '@/server/modules/imports/imports-target';
import { publicationIdSchema } from '@/server/modules/publications/publications.schema';
import { findPublicationPage } from '@/server/modules/publications/publications.service';
import { publicationStatsByPost } from '@/server/modules/stats/stats.service';

export const metadata: Metadata = { title: 'Publication admin', robots: { index: false } };

// SPEC §2 /publications/admin/{publicationId}: the publication-links menu, member management and
// deletion, for those the server lets open it (capabilities.canOpenAdmin); anyone else gets the 404
// page, a signed-out visitor the sign-in prompt.
export default async function PublicationAdminPage({
  params,
}: {
  params: Promise<{ publicationId: string }>;
}) {
  const { publicationId } = await params;
  const actor = await getPageActor();
  if (!actor) return <ManageSignIn title="Publication admin" />;
  if (!publicationIdSchema.safeParse(publicationId).success) notFound();
  const found = await findPublicationPage(actor, { id: publicationId });
  const capabilities = found?.publication.capabilities;
  if (!found || !capabilities?.canOpenAdmin) notFound();

  const { publication, owners, editors, authors } = found;
  // The stats' first answer for the default period, rendered here; the browser takes over from there.
  const stats = capabilities.canReview
    ? await publicationStatsByPost(actor, { id: publication.id, startDate: rangeStart(DEFAULT_STATS_RANGE) })
    : null;
  const [mayImport, mayExport] = await Promise.all([
    mayImportIntoPublication(actor, publication.id),
    mayExportPublication(actor, publication.id),
  ]);
  return (
    <>
      <PublicationAdmin
        publication={{
          id: publication.id,
          name: publication.name,
          subdomain: publication.subdomain,
          image: publication.image,
        }}
        capabilities={capabilities}
        members={{ owners, editors, authors }}
        supportHref={SUPPORT_HREF}
      />
      {stats ? (
        <PublicationStats publicationId={publication.id} initial={stats} range={DEFAULT_STATS_RANGE} />
      ) : null}
      {/* Reading plans (decision 050): its owner's; the section hides itself from anyone else. */}
      <PublicationPlansSection
        publicationId={publication.id}
        collections={publication.collections.map(({ id, name, description }) => ({ id, name, description }))}
      />
      <WebhooksSection publicationId={publication.id} />
      {/* Moving stories in and out: the owner's and site admins' (decisions 042, 043). */}
      {mayImport ? <PublicationImportSection publicationId={publication.id} /> : null}
      {mayExport ? <PublicationExportSection publicationId={publication.id} /> : null}
    </>
  );
}
