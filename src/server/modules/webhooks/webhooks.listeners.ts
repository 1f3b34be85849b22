import { storyPath } from '../../../lib/slug';
import { env } from '../../lib/env';
import { log } from '../../observability/logger';
import {
  subscriberConfirmed,
  subscriberUnsubscribed,
  type SubscriberEventPayload,
} from '../newsletters/subscriptions.events';
import { isPublicStory } from '../posts/posts-access.service';
import { storyContentSaved, storyDeleted, storyPublished, storyUnpublished } from '../posts/posts.events';
import { queueWebhookEvent } from './webhooks-delivery.service';
import type { WebhookEvent } from './webhooks.limits';
import { findLastReportedPublication } from './webhooks-deliveries.repository';
import { anyHookListensFor, findStorySnapshot, type StorySnapshot } from './webhooks.repository';

// What the webhooks hear (docs/decisions/040-webhooks.md): the story core's and the newsletters'
// events, each emitted after its write committed. The runtime calls listenForWebhookEvents() as it
// starts (web and worker processes alike), so they are heard wherever stories and subscriptions change.
// A story's event goes to its publication's hooks and the site-wide ones; a subscriber's to the hooks
// of its topic's publication and the site-wide ones.

const absolute = (path: string) => `${env.PUBLIC_URL.replace(/\/+$/, '')}${path}`;

/** A story as every story.* delivery tells it (`data.story`). */
function storyData(story: StorySnapshot): Record<string, unknown> {
  return {
    id: story.id,
    title: story.title,
    slug: story.slug,
    url: absolute(storyPath(story)),
    excerpt: story.excerpt,
    status: story.status,
    languageCode: story.languageCode,
    featureImageUrl: story.featureImageUrl,
    canonicalUrl: story.canonicalUrl,
    tags: story.tags,
    publishedAt: story.publishedAt?.toISOString() ?? null,
    updatedAt: story.updatedAt.toISOString(),
    author: { id: story.author.id, name: story.author.name },
    publication: story.publication,
  };
}

async function tellStory(
  event: WebhookEvent,
  postId: string,
  {
    fallbackPublicationId = null,
    onlyIfPublic = false,
  }: { fallbackPublicationId?: string | null; onlyIfPublic?: boolean } = {},
) {
  if (!(await anyHookListensFor(event))) return;
  const story = await findStorySnapshot(postId);
  if (!story) return; // deleted since: story.deleted tells that
  const resource = {
    authorId: story.author.id,
    status: story.status,
    publicationId: story.publication?.id ?? null,
    authorStatus: story.author.status,
    hasExcerpt: story.excerpt.trim() !== '',
  };
  if (onlyIfPublic && !isPublicStory(resource)) return;
  const publicationId = story.publication?.id ?? fallbackPublicationId ?? null;
  await queueWebhookEvent(event, publicationId, { story: storyData(story) });
}

function subscriberData(payload: SubscriberEventPayload, status: 'active' | 'unsubscribed') {
  return {
    subscriber: {
      id: payload.subscriptionId,
      email: payload.email,
      status,
      topic: payload.topic,
      topicName: payload.topicName,
      publicationId: payload.publicationId,
    },
  };
}

/** One listener's failure is logged and lost (the change it reports already happened). */
const guarded =
  <P>(name: string, listener: (payload: P) => Promise<void>) =>
  async (payload: P) => {
    try {
      await listener(payload);
    } catch (error) {
      log('webhooks').error({ err: error, event: name }, 'could not queue webhook deliveries');
    }
  };

let listening = false;

/** Subscribes the webhooks to the events, once per process. */
export function listenForWebhookEvents(): void {
  if (listening) return;
  listening = true;
  storyPublished.on(guarded('story.published', ({ postId }) => tellStory('story.published', postId)));

  storyUnpublished.on(
    // Unpublishing takes the story out of its publication: the event names the one it was in.
    guarded('story.unpublished', ({ postId, publicationId }) =>
      tellStory('story.unpublished', postId, { fallbackPublicationId: publicationId }),
    ),
  );

  storyContentSaved.on(
    guarded('story.updated', async ({ postId, created }) => {
      // Content saved while readers can see the story (published); a new story's first save is told
      // by story.published, a draft's saves by nothing.
      if (!created) await tellStory('story.updated', postId, { onlyIfPublic: true });
    }),
  );

  storyDeleted.on(
    guarded('story.deleted', async (story) => {
      // A story unpublished before it was deleted has left its publication: the one it was last
      // reported in hears it.
      const publicationId = story.publicationId ?? (await findLastReportedPublication(story.postId));
      await queueWebhookEvent('story.deleted', publicationId, {
        story: {
          id: story.postId,
          title: story.title,
          slug: story.slug,
          status: story.status,
          author: { id: story.authorId },
          publication: publicationId ? { id: publicationId } : null,
        },
      });
    }),
  );

  subscriberConfirmed.on(
    guarded('subscriber.confirmed', async (payload) => {
      await queueWebhookEvent(
        'subscriber.confirmed',
        payload.publicationId,
        subscriberData(payload, 'active'),
      );
    }),
  );

  subscriberUnsubscribed.on(
    guarded('subscriber.unsubscribed', async (payload) => {
      await queueWebhookEvent(
        'subscriber.unsubscribed',
        payload.publicationId,
        subscriberData(payload, 'unsubscribed'),
      );
    }),
  );
}
