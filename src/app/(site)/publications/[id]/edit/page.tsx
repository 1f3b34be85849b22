import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Edit publication' };

export default async function EditPublicationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <PagePlaceholder
      title="Edit publication"
      purpose="Here the publication's owners and editors will change its name, description, logo, background image, collections and newsletter settings."
    >
      <p>
        Publication: <code>{id}</code>
      </p>
    </PagePlaceholder>
  );
}
