import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Publication' };

export default async function PublicationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <PagePlaceholder
      title="Publication"
      purpose="The publication's page will be shown here: its logo, description, collections and latest stories, with a way to subscribe to its newsletter."
    >
      <p>
        Publication: <code>{id}</code>
      </p>
    </PagePlaceholder>
  );
}
