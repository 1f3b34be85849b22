import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Publication studio' };

export default async function PublicationStudioPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <PagePlaceholder
      title="Publication studio"
      purpose="The publication's stories — pending review, scheduled and published — and its newsletters will be managed here."
    >
      <p>
        Publication: <code>{id}</code>
      </p>
    </PagePlaceholder>
  );
}
