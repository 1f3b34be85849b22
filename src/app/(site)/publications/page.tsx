import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Publications' };

export default function PublicationsPage() {
  return (
    <PagePlaceholder
      title="Publications"
      purpose="Publications on Lamplight — shared homes where writers publish together and send newsletters — will be listed here."
    />
  );
}
