import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Your lists' };

export default function ListsPage() {
  return (
    <PagePlaceholder
      title="Your lists"
      purpose="The reading lists you keep — public or private — and the stories saved in them will be shown here."
    />
  );
}
