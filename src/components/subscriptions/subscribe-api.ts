// PUT /api/subscribe {email, topic, timezone} (SPEC §7, DESIGN §6). The route is not in the API's
// route table yet (issue 12 builds it), so the typed client cannot know it: this is the one call
// with a hand-written path. Once the route exists, use `call(api.subscribe.$put({ json }))` here.
import { callUntypedRoute } from '@/lib/api-client';

export type SubscriptionRequest = { email: string; topic: string; timezone: string };

export const putSubscriptionBeforeIssue12 = (json: SubscriptionRequest) =>
  callUntypedRoute<unknown>('/api/subscribe', { method: 'PUT', json });
