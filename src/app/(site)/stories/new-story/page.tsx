import type { Metadata } from 'next';
import { NewStoryClient } from './new-story-client';

export const metadata: Metadata = { title: 'New story', robots: { index: false } };

// SPEC §2 /stories/new-story: the editor; the header's Next button opens story-settings.
export default function NewStoryPage() {
  return <NewStoryClient />;
}
