import type { Metadata } from 'next';
import { EditStoryClient } from './edit-story-client';

export const metadata: Metadata = { title: 'Edit story', robots: { index: false } };

// SPEC §2 /stories/edit/{id}: the editor with the story (loaded in the browser, with the writer's
// session); the header's Next button opens story-update.
export default async function EditStoryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditStoryClient id={id} />;
}
