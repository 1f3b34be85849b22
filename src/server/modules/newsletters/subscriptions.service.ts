import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { clientBucket } from '../../lib/client-address';
import { AppError, conflict, notFound } from '../../lib/errors';
import { MailError, mailTransport } from '../../lib/mail';
import { log } from '../../observability/logger';
import { loadPublication, savePublicationNewsletterSettings } from '../publications/publications.service';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/rate-limits.service';
import { enqueueConfirmationMail } from './newsletters.queue';
import { DEFAULT_NEWSLETTER_DESCRIPTION, NO_NEWSLETTER_YET } from './newsletters.limits';
import { confirmationMail } from './newsletters-mail';
import type { ManageAnswer, NewsletterSettingsInput, SubscribeInput } from './newsletters.schema';
import { publicationTopicSlug, type SubscriptionRow } from './newsletters.table';
import {
  subscriberConfirmed,
  subscriberUnsubscribed,
  type SubscriberEventPayload,
} from './subscriptions.events';
import {
  manageToken,
  readConfirmToken,
  verifyConfirmToken,
  verifyManageToken,
  verifyUnsubscribeToken,
  type TokenProblem,
} from './newsletters-tokens';
import {
  activateSubscription,
  claimConfirmationMails,
  ensurePublicationTopic,
  findOrCreateSubscription,
  findSubscription,
  findSubscriptionsOfAddress,
  findTopic,
  markUnsubscribed,
  releaseConfirmation,
  renameTopic,
  requestConfirmation,
} from './subscriptions.repository';
import { mailboxKey } from './subscriptions-mailbox';

// Subscribing (DESIGN §6, SPEC §7 "PUT /api/subscribe"): double opt-in with signed links, idempotent,
// rate-limited so that nobody can use the form to mail-bomb a stranger (docs/decisions/024).

/** Per client address: a reader subscribing to a few topics never meets it; a script does. */
export const SUBSCRIBE_PER_IP: RateLimitRule = {
  name: 'subscribe-ip',
  limit: 20,
  windowSeconds: 3600,
  message: 'Too many subscriptions from this address',
};
/** Per mailbox (a+1@… and a+2@… are one: subscriptions-mailbox.ts), over every topic. */
export const SUBSCRIBE_PER_ADDRESS: RateLimitRule = {
  name: 'subscribe-email',
  limit: 6,
  windowSeconds: 3600,
  message: 'Too many subscriptions for this e-mail address',
};
/** At most one confirmation mail per subscription per hour, however often the form is sent. */
export const CONFIRMATION_INTERVAL_SECONDS = 3600;

const CHECK_INBOX = 'Please check your inbox: we sent you a link to confirm your subscription.';

/** PUT /api/subscribe: answers the same whether the address was new, pending or already subscribed. */
export async function subscribe(
  input: SubscribeInput,
  clientAddress: string,
): Promise<{ ok: true; message: string }> {
  await consumeRateLimit(SUBSCRIBE_PER_IP, clientBucket(clientAddress));
  await consumeRateLimit(SUBSCRIBE_PER_ADDRESS, mailboxKey(input.email));
  const topic = await findTopic({ slug: input.topic });
  if (!topic) throw new AppError('not_found', 'Topic not found', `topic: no topic "${input.topic}"`);
  if (topic.publication && !topic.publication.hasNewsletters)
    throw new AppError('not_found', NO_NEWSLETTER_YET);
  const subscription = await findOrCreateSubscription(input.email, topic.id, input.timezone);
  if (subscription.status !== 'active' || subscription.bouncedAt) {
    if (await requestConfirmation(subscription.id, input.timezone, CONFIRMATION_INTERVAL_SECONDS)) {
      await enqueueConfirmationMail(subscription.id);
    }
  }
  return { ok: true, message: CHECK_INBOX };
}

/**
 * Sends the confirmation mails asked for and not sent yet (or just `subscriptionId`'s): the job's and
 * the sweep's effect. Each is claimed first (two workers never send one twice); a failed send is
 * released for the next run, a permanent refusal (5xx) is not retried. Answers how many went out.
 */
export async function sendConfirmationMails(subscriptionId?: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimConfirmationMails(20, subscriptionId);
    if (claimed.length === 0) return sent;
    for (const mail of claimed) {
      try {
        await mailTransport().send(
          confirmationMail({
            subscriptionId: mail.id,
            email: mail.email,
            nonce: mail.confirmToken,
            topicName: mail.topicName,
          }),
        );
        sent++;
      } catch (error) {
        if (error instanceof MailError && error.permanent) {
          log('newsletters').warn(
            { subscriptionId: mail.id, reason: error.message },
            'confirmation refused for good',
          );
          continue;
        }
        await releaseConfirmation(mail.id);
        log('newsletters').warn(
          { subscriptionId: mail.id, err: error },
          'confirmation not sent; it will be tried again',
        );
        return sent;
      }
    }
    if (subscriptionId) return sent;
  }
}

const LINK_PROBLEMS: Record<TokenProblem, (what: string) => string> = {
  invalid: (what) => `This ${what} link is not valid`,
  expired: (what) => `This ${what} link has expired`,
};
const badLink = (what: string, problem: TokenProblem) =>
  new AppError('bad_request', LINK_PROBLEMS[problem](what), `token: ${problem}`);

/** The subscription a confirmation link names, checked (signature, nonce, expiry, not left since). */
async function confirmLinkSubscription(token: string) {
  const parts = readConfirmToken(token);
  const subscription = parts && (await findSubscription(parts.subscriptionId));
  if (!parts || !subscription) throw badLink('confirmation', 'invalid');
  const verified = verifyConfirmToken(parts, subscription.confirmToken);
  if (!verified.ok) throw badLink('confirmation', verified.problem);
  if (subscription.status === 'unsubscribed') {
    throw conflict('You left this newsletter after this link was sent: subscribe again to come back');
  }
  return subscription;
}

/**
 * What a confirmation link is about, without acting on it: the page a GET shows. Mail scanners and
 * browsers' prefetches fetch every link in a mail, so only the page's button (a POST) confirms.
 */
export async function readConfirmLink(token: string) {
  const subscription = await confirmLinkSubscription(token);
  const topic = await topicOf(subscription.topicId);
  const active = subscription.status === 'active';
  return {
    topic: topic.topic,
    name: topic.name,
    email: subscription.email,
    status: active ? ('active' as const) : ('pending' as const),
    // The own page's link is for someone who has confirmed (it lists every topic of the address).
    manageToken: active ? manageToken(subscription.email) : null,
  };
}

/** The confirmation page's button: activates the subscription (again: no change). */
export async function confirmSubscription(token: string) {
  const subscription = await confirmLinkSubscription(token);
  // Only a pending one changes (the UPDATE's own condition): a second click leaves it as it is.
  const activated = await activateSubscription(subscription.id, subscription.confirmToken);
  const topic = await topicOf(subscription.topicId);
  if (activated) await subscriberConfirmed.emit(subscriberEvent(subscription, topic));
  return {
    topic: topic.topic,
    name: topic.name,
    status: 'active' as const,
    manageToken: manageToken(subscription.email),
  };
}

type TopicOf = { topic: string; name: string; publicationId: string | null };

/** The topic's slug and name, for the pages that follow a mail's link (and its publication). */
async function topicOf(topicId: string): Promise<TopicOf> {
  const topic = await findTopic({ id: topicId });
  if (!topic) throw notFound('Topic');
  return { topic: topic.slug, name: topic.name, publicationId: topic.publicationId };
}

/** What subscriptions.events.ts tells about a subscription whose status changed. */
function subscriberEvent(
  subscription: Pick<SubscriptionRow, 'id' | 'email'>,
  topic: TopicOf,
): SubscriberEventPayload {
  return {
    subscriptionId: subscription.id,
    email: subscription.email,
    topic: topic.topic,
    topicName: topic.name,
    publicationId: topic.publicationId,
  };
}

/** What an unsubscribe link is about, without acting on it (the page asks before it unsubscribes). */
export async function readUnsubscribeLink(token: string) {
  const verified = verifyUnsubscribeToken(token);
  if (!verified.ok) throw badLink('unsubscribe', verified.problem);
  const subscription = await findSubscription(verified.value.subscriptionId);
  if (!subscription) throw badLink('unsubscribe', 'invalid');
  const topic = await topicOf(subscription.topicId);
  return {
    topic: topic.topic,
    name: topic.name,
    status: subscription.status,
    manageToken: manageToken(subscription.email),
  };
}

/** The one-click unsubscribe (RFC 8058) and the unsubscribe page: leaves the topic. Idempotent. */
export async function unsubscribeWithToken(token: string) {
  const verified = verifyUnsubscribeToken(token);
  if (!verified.ok) throw badLink('unsubscribe', verified.problem);
  const subscription = await findSubscription(verified.value.subscriptionId);
  if (!subscription) throw badLink('unsubscribe', 'invalid');
  const left = await markUnsubscribed(subscription.id, verified.value.entryId);
  const topic = await topicOf(subscription.topicId);
  if (left) await subscriberUnsubscribed.emit(subscriberEvent(subscription, topic));
  return {
    topic: topic.topic,
    name: topic.name,
    status: 'unsubscribed' as const,
    manageToken: manageToken(subscription.email),
  };
}

/** The subscriber's own page: every topic of the address the link was made for. */
export async function listOwnSubscriptions(token: string): Promise<ManageAnswer> {
  const verified = verifyManageToken(token);
  if (!verified.ok) throw badLink('subscriptions', verified.problem);
  const rows = await findSubscriptionsOfAddress(verified.value);
  return {
    email: verified.value,
    subscriptions: rows.map(({ topic, name, status }) => ({ topic, name, status })),
  };
}

/** Leaves one topic from the subscriber's own page. */
export async function leaveTopic(token: string, topic: string): Promise<ManageAnswer> {
  const verified = verifyManageToken(token);
  if (!verified.ok) throw badLink('subscriptions', verified.problem);
  const rows = await findSubscriptionsOfAddress(verified.value);
  const row = rows.find((r) => r.topic === topic);
  if (!row) throw new AppError('not_found', 'You are not subscribed to this topic');
  if (await markUnsubscribed(row.id, null)) {
    const topicRow = await findTopic({ slug: row.topic });
    await subscriberUnsubscribed.emit({
      subscriptionId: row.id,
      email: verified.value,
      topic: row.topic,
      topicName: row.name,
      publicationId: topicRow?.publicationId ?? null,
    });
  }
  return listOwnSubscriptions(token);
}

// ---------------------------------------------------------------------------------------------------
// A publication's newsletter (its topic, hasNewsletters, newsletterDescription)
// ---------------------------------------------------------------------------------------------------

/** GET /publications/{id}/newsletters/topic: what its subscribe dialogs send and show. */
export async function publicationTopic(publicationId: string) {
  const topic = await findTopic({ publicationId });
  if (!topic?.publication?.hasNewsletters) throw new AppError('not_found', NO_NEWSLETTER_YET);
  return {
    topic: topic.slug,
    name: topic.publication.name,
    description: topic.publication.newsletterDescription || DEFAULT_NEWSLETTER_DESCRIPTION,
  };
}

/** PUT /publications/{id}/newsletters/settings: the owner or an editor turns the newsletter on or off. */
export async function saveNewsletterSettings(
  actor: Actor,
  publicationId: string,
  input: NewsletterSettingsInput,
) {
  const { row, role } = await loadPublication(actor, publicationId);
  assertCan(actor, 'publication.manageNewsletterSettings', { id: publicationId }, { publicationRole: role });
  await savePublicationNewsletterSettings(publicationId, input);
  if (input.hasNewsletters) {
    // Turning it off keeps the topic and its subscribers: turned on again, they are still there.
    await ensurePublicationTopic(publicationId, publicationTopicSlug(row.subdomain), row.name);
    await renameTopic(publicationId, row.name);
  }
  const description =
    input.newsletterDescription === undefined ? row.newsletterDescription : input.newsletterDescription;
  return {
    hasNewsletters: input.hasNewsletters,
    newsletterDescription: description || DEFAULT_NEWSLETTER_DESCRIPTION,
  };
}
