import type { Db } from '../db/client';
import { posts, type NewPostRow } from '../modules/posts/posts.table';
import { GUIDES } from '../../lib/guides';
import { slugify } from '../../lib/slug';
import { buildStoryBody, type StoryBlock } from './story-body';

const GUIDE_BODIES: Record<string, StoryBlock[]> = {
  'guide-first-story-001': [
    {
      kind: 'paragraph',
      text: 'Every story on Lamplight starts with the Write button at the top of the page. Sign in, press Write, and a quiet editor opens.',
    },
    { kind: 'heading', text: 'Title and excerpt' },
    {
      kind: 'paragraph',
      text: 'Give your story a clear title and a one-sentence excerpt. The excerpt is what readers see in lists and in shared links, so let it invite them in. The Next button stays disabled until both are filled.',
    },
    { kind: 'heading', text: 'Tags, publication and timing' },
    {
      kind: 'paragraph',
      text: 'Press Next to open the story settings. Add up to five tags, choose a publication and collection if you write for one, then publish now, schedule a time, or keep it as a draft.',
    },
    {
      kind: 'quote',
      text: 'Write the vision; make it plain on tablets, so he may run who reads it. (Habakkuk 2:2)',
    },
  ],
  'guide-publication-002': [
    {
      kind: 'paragraph',
      text: 'A publication gathers writers around a shared calling: a church, a ministry, a theme. Create one from your user menu and give it a name, a description and an address of its own.',
    },
    { kind: 'heading', text: 'Roles' },
    {
      kind: 'paragraph',
      text: 'The owner invites editors and authors. Editors publish and schedule stories in the publication; authors submit stories for review. Collections keep related stories together.',
    },
  ],
  'guide-newsletters-003': [
    {
      kind: 'paragraph',
      text: 'Publications with newsletters can send a story to every subscriber. Open a published or scheduled story in the publication studio and choose Add to newsletter.',
    },
    { kind: 'heading', text: 'Scheduling' },
    {
      kind: 'paragraph',
      text: 'Schedule the newsletter for the moment your readers are most likely to read: early morning devotions are a favourite. You can reschedule or cancel until it is sent.',
    },
  ],
  'guide-readership-0004': [
    {
      kind: 'paragraph',
      text: 'Readers find writers who show up faithfully. Pick a personal address so your home page is easy to share, and pin the stories you want new readers to see first.',
    },
    { kind: 'heading', text: 'Lists and tags' },
    {
      kind: 'paragraph',
      text: 'Readers save stories to lists and follow tags. Choose tags that describe what your story is about, not how it feels: prayer, grief, parenting, psalms.',
    },
  ],
};

/** Publishes the guide articles the header's Resources menu links to. */
export async function insertDemoGuides(db: Db, authorId: string, now: Date): Promise<void> {
  const rows: NewPostRow[] = GUIDES.map((guide, i) => {
    const publishedAt = new Date(now.getTime() - (59 - i) * 24 * 3_600_000);
    return {
      id: guide.id,
      authorId,
      title: guide.title,
      excerpt: guide.excerpt,
      ...buildStoryBody(GUIDE_BODIES[guide.id] ?? [{ kind: 'paragraph', text: guide.excerpt }]),
      slug: slugify(guide.title),
      status: 'published',
      publishedAt,
      languageCode: 'en',
      countryCode: 'US',
      createdAt: publishedAt,
      updatedAt: publishedAt,
    };
  });
  await db.insert(posts).values(rows);
}
