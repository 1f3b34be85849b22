// The readers' calls of DESIGN §6: PUT /api/subscribe {email, topic, timezone} (SPEC §7), the
// confirmation, unsubscribe and own-page links of every mail, and a publication's topic for its subscribe dialogs.
// Every call throws ApiError ('ERROR: …', SPEC §8).
import { api, abortable, call } from '@/lib/api-client';

export type SubscriptionRequest = { email: string; topic: string; timezone: string };

/** PUT /api/subscribe: the same answer whether the address was new or known (a mail confirms it). */
export const putSubscription = (json: SubscriptionRequest) => call(api.subscribe.$put({ json }));

/** POST /api/subscriptions/confirm {token}: the confirmation page's button (its GET confirms nothing). */
export const confirmWithToken = (token: string) => call(api.subscriptions.confirm.$post({ json: { token } }));

/** POST /api/subscriptions/unsubscribe?token: leave the topic the mail came from. */
export const unsubscribe = (token: string) => call(api.subscriptions.unsubscribe.$post({ query: { token } }));

/** GET /api/subscriptions/manage?token: every topic of the address the link was made for. */
export const fetchOwnSubscriptions = (token: string, signal?: AbortSignal) =>
  call(api.subscriptions.manage.$get({ query: { token } }, abortable(signal)));

/** POST /api/subscriptions/manage/leave {token, topic}. */
export const leaveTopic = (token: string, topic: string) =>
  call(api.subscriptions.manage.leave.$post({ json: { token, topic } }));

/** GET /api/publications/{id}/newsletters/topic: 404 "The publication doesn't has newsletter yet!". */
export const fetchPublicationTopic = (publicationId: string, signal?: AbortSignal) =>
  call(
    api.publications[':publicationId'].newsletters.topic.$get(
      { param: { publicationId } },
      abortable(signal),
    ),
  );
