import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';
import { storyIdFromSlug } from '@/lib/slug';
import { safeDecode } from '@/lib/url';

export const metadata: Metadata = { title: 'Story' };

export default async function StoryPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return (
    <PagePlaceholder
      title="Story"
      purpose="The story itself will be shown here: its title, author, publication and text, with actions to share it and save it to a list."
    >
      <p>
        Story id: <code>{storyIdFromSlug(safeDecode(slug))}</code>
      </p>
    </PagePlaceholder>
  );
}
