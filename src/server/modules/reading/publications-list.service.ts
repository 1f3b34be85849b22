import type { Actor } from '../../auth/actor';
import type { PublicationList } from '../publications/publications.schema';
import { listNewestPublications } from '../publications/publications.service';
import { countPublishedByPublication } from './publication-stories.service';

/** GET /publications?languageCode&lastKey&limit: newest first, each with its published story count. */
export async function listPublications(
  _actor: Actor,
  options: { languageCode?: string; lastKey?: string | null; limit: number },
): Promise<PublicationList> {
  const page = await listNewestPublications(options);
  const counts = await countPublishedByPublication(page.publications.map((publication) => publication.id));
  return {
    publications: page.publications.map(({ createdTime, ...publication }) => ({
      ...publication,
      storyCount: counts.get(publication.id) ?? 0,
      createdTime,
    })),
    lastKey: page.lastKey,
  };
}
