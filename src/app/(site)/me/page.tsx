import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Your studio' };

export default function MePage() {
  return (
    <PagePlaceholder
      title="Your studio"
      purpose="Your drafts, scheduled and published stories, with their statistics and actions, will live here."
    />
  );
}
