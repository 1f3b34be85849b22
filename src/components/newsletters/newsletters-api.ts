// The calls behind a publication's newsletter (SPEC §7 Newsletters, getNewslettersStats; DESIGN §6).
// Every call throws ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type { Cursor } from '@/server/lib/cursor';
import type {
  NewsletterEntry,
  NewsletterStatsRow,
  ScheduleNewsletterInput,
} from '@/server/modules/newsletters/newsletters.schema';

export type { NewsletterEntry, NewsletterStatsRow };

const entry = () => api.publications[':publicationId'].newsletters[':newsletterId'];

/** POST …/newsletters/create {newsletterId (generated), publicationId, collectionId, postId, createdAt}. */
export const addToNewsletter = (story: { id: string; publicationId: string; collectionId: string | null }) =>
  call(
    api.publications[':publicationId'].newsletters.create.$post({
      param: { publicationId: story.publicationId },
      json: {
        newsletterId: crypto.randomUUID(),
        publicationId: story.publicationId,
        collectionId: story.collectionId,
        postId: story.id,
        createdAt: Date.now(),
      },
    }),
  );

/** GET …/newsletters?lastKey: the publication admin's list, newest first. */
export const fetchNewsletters = (publicationId: string, lastKey: Cursor | null, signal?: AbortSignal) =>
  call(
    api.publications[':publicationId'].newsletters.$get(
      { param: { publicationId }, query: lastKey ? { lastKey: JSON.stringify(lastKey) } : {} },
      abortable(signal),
    ),
  );

/** PATCH …/{newsletterId}?postId: schedule (or reschedule) with scheduledTime, publicationId, timezone. */
export const scheduleNewsletter = (
  item: NewsletterEntry,
  input: Omit<ScheduleNewsletterInput, 'publicationId'>,
) =>
  call(
    entry().$patch({
      param: { publicationId: item.publicationId, newsletterId: item.newsletterId },
      query: item.postId ? { postId: item.postId } : {},
      json: { ...input, publicationId: item.publicationId },
    }),
  );

/** PUT …/{newsletterId} {newsletterId, id}: cancel the schedule. */
export const cancelNewsletterSchedule = (item: NewsletterEntry) =>
  call(
    entry().$put({
      param: { publicationId: item.publicationId, newsletterId: item.newsletterId },
      json: { newsletterId: item.newsletterId, id: item.newsletterId },
    }),
  );

/** DELETE …/{newsletterId}?postId {publicationId, newsletterId, postId}: take the story out. */
export const removeFromNewsletter = (item: {
  publicationId: string;
  newsletterId: string;
  postId: string | null;
}) =>
  call(
    entry().$delete({
      param: { publicationId: item.publicationId, newsletterId: item.newsletterId },
      query: item.postId ? { postId: item.postId } : {},
      json: {
        publicationId: item.publicationId,
        newsletterId: item.newsletterId,
        ...(item.postId && { postId: item.postId }),
      },
    }),
  );

/** PUT …/newsletters/settings {hasNewsletters, newsletterDescription}. */
export const saveNewsletterSettings = (
  publicationId: string,
  settings: { hasNewsletters: boolean; newsletterDescription: string | null },
) =>
  call(
    api.publications[':publicationId'].newsletters.settings.$put({
      param: { publicationId },
      json: settings,
    }),
  );

/** GET /api/publications/stats/getNewslettersStats?start_date&id&lastKey. */
export const fetchNewsletterStats = (id: string, lastKey: Cursor | null, signal?: AbortSignal) =>
  call(
    api.publications.stats.getNewslettersStats.$get(
      { query: { id, ...(lastKey && { lastKey: JSON.stringify(lastKey) }) } },
      abortable(signal),
    ),
  );
