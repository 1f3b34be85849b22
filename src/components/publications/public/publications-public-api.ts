// The calls behind the public publication pages (SPEC §7 Publications, Posts): create one, more of a
// publication's stories, more of the listing. Every call throws ApiError ('ERROR: …', SPEC §8).
import { api, abortable, call } from '@/lib/api-client';
import type { KeysetPage } from '@/components/hooks/use-keyset-list';
import type { Cursor } from '@/server/lib/cursor';
import type { StorySummary } from '@/server/modules/posts/posts.schema';
import type {
  CreatePublicationInput,
  PublicationList,
  PublicationListItem,
} from '@/server/modules/publications/publications.schema';

/** POST /api/publications/create with {name, image, description, subdomain, createdTime, languageCode}. */
export const createPublication = (input: CreatePublicationInput) =>
  call(api.publications.create.$post({ json: input }));

/**
 * GET /api/posts/publications/{id}?collectionId&lastKey&limit: a page of the publication's published
 * stories, newest first (one collection when collectionId is given).
 */
export const fetchPublicationStories = (
  publicationId: string,
  { collectionId, lastKey, limit }: { collectionId: string | null; lastKey: Cursor | null; limit: number },
  signal?: AbortSignal,
): Promise<KeysetPage<StorySummary>> =>
  call(
    api.posts.publications[':id'].$get(
      {
        param: { id: publicationId },
        query: {
          limit: String(limit),
          ...(collectionId && { collectionId }),
          ...(lastKey && { lastKey: JSON.stringify(lastKey) }),
        },
      },
      abortable(signal),
    ),
  ).then((page) => ({ items: page.posts, lastKey: page.lastKey }));

/**
 * The listing's cursor travels as the encoded string the server gave (publicationListSchema); the
 * "load more" hook keeps cursors as objects, so it is read back here.
 */
function listingCursor(lastKey: string | null): Cursor | null {
  if (!lastKey) return null;
  try {
    const value = JSON.parse(lastKey) as Partial<Cursor>;
    return typeof value.t === 'number' && typeof value.id === 'string' ? { t: value.t, id: value.id } : null;
  } catch {
    return null;
  }
}

/** A page of the listing as the "load more" hook takes it. */
export const publicationKeysetPage = (page: PublicationList): KeysetPage<PublicationListItem> => ({
  items: page.publications,
  lastKey: listingCursor(page.lastKey),
});

/** GET /api/publications?languageCode&lastKey&limit: the listing, newest first. */
export const fetchPublicationList = (
  { languageCode, lastKey, limit }: { languageCode: string | null; lastKey: Cursor | null; limit: number },
  signal?: AbortSignal,
) =>
  call(
    api.publications.$get(
      {
        query: {
          limit: String(limit),
          ...(languageCode && { languageCode }),
          ...(lastKey && { lastKey: JSON.stringify(lastKey) }),
        },
      },
      abortable(signal),
    ),
  ).then(publicationKeysetPage);
