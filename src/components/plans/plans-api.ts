// The calls behind the reading plans' parts (docs/decisions/050-reading-plans.md). Every call throws
// ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { abortable, api, call } from '@/lib/api-client';
import type {
  CreatePlanInput,
  ManagedPlan,
  MinePlans,
  Plan,
  ReaderProgress,
  StartAnswer,
  StartPlanInput,
  UpdatePlanInput,
} from '@/server/modules/plans/plans.schema';

export type { ManagedPlan, MinePlans, Plan, ReaderProgress, StartAnswer };

/** GET /api/plans?publicationId: the owner's plans with their readers' figures. */
export const fetchManagedPlans = (publicationId: string, signal?: AbortSignal) =>
  call(api.plans.$get({ query: { publicationId } }, abortable(signal)));

/** POST /api/plans. */
export const createPlan = (input: CreatePlanInput) => call(api.plans.$post({ json: input }));

/** PATCH /api/plans/{id}. */
export const updatePlan = (id: string, input: UpdatePlanInput) =>
  call(api.plans[':id'].$patch({ param: { id }, json: input }));

/** DELETE /api/plans/{id}. */
export const deletePlan = (id: string) => call(api.plans[':id'].$delete({ param: { id } }));

/** POST /api/plans/{id}/start. */
export const startPlan = (id: string, input: StartPlanInput) =>
  call(api.plans[':id'].start.$post({ param: { id }, json: input }));

/** POST /api/plans/{id}/days/{day}/read {token?}. */
export const markDayRead = (id: string, day: number, token?: string) =>
  call(
    api.plans[':id'].days[':day'].read.$post({
      param: { id, day: String(day) },
      json: token ? { token } : {},
    }),
  );

/** GET /api/plans/mine?token. */
export const fetchMyPlans = (token?: string, signal?: AbortSignal) =>
  call(api.plans.mine.$get({ query: token ? { token } : {} }, abortable(signal)));

/** A collection's published stories, newest first, every page of them (at most `max`). */
export async function fetchCollectionStories(collectionId: string, max = 366) {
  const stories: { id: string; title: string; publishedAt: number | null }[] = [];
  let lastKey: string | undefined;
  do {
    const page = await call(
      api.collections[':id'].$get({
        param: { id: collectionId },
        query: { limit: '50', ...(lastKey && { lastKey }) },
      }),
    );
    stories.push(...page.posts.map(({ id, title, publishedAt }) => ({ id, title, publishedAt })));
    lastKey = page.lastKey ? JSON.stringify(page.lastKey) : undefined;
  } while (lastKey && stories.length < max);
  return stories.slice(0, max);
}
