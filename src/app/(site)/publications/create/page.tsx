import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

export const metadata: Metadata = { title: 'Create a publication' };

export default function CreatePublicationPage() {
  return (
    <PagePlaceholder
      title="Create a publication"
      purpose="Here you will name your publication, choose its address, describe it and upload its logo."
    />
  );
}
