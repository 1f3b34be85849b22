import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Publication admin' };

export default async function PublicationAdminPage({
  params,
}: {
  params: Promise<{ publicationId: string }>;
}) {
  const { publicationId } = await params;
  return (
    <PagePlaceholder
      title="Publication admin"
      purpose="The publication's owner will manage its authors and editors, their roles, and the publication itself here."
    >
      <p>
        Publication: <code>{publicationId}</code>
      </p>
    </PagePlaceholder>
  );
}
