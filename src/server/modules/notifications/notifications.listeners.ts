import { followCreated } from '../follows/follows.events';
import { storyReviewed } from '../posts/posts.events';
import { responseCreated, responseDeleted } from '../responses/responses.events';
import { forgetDeletedResponse, notifyFollow, notifyResponse, notifyReview } from './notifications.service';

// What the notifications hear (docs/decisions/055-notifications.md; docs/decisions/030-one-way-modules.md):
// a reader followed a writer, a reader responded or replied (mentioning some) or deleted a
// response, a publication reviewed a submitted story. Each event is emitted after its write
// committed; the notification is written (or, for a deletion, forgotten) then, outside that
// transaction (a failure is logged by the event bus, and the follow, response or review stands).
// The runtime subscribes these in every process that starts it — the web server, the worker and the
// test helpers.

/**
 * Subscribes the notifications to the community's and the story core's events, once per process
 * however often it is called (an event holds each function once). Answers the removal.
 */
export function listenForNotifications(): () => void {
  const offs = [
    followCreated.on(onFollowCreated),
    responseCreated.on(onResponseCreated),
    responseDeleted.on(onResponseDeleted),
    storyReviewed.on(onStoryReviewed),
  ];
  return () => offs.forEach((off) => off());
}

async function onFollowCreated(event: Parameters<Parameters<typeof followCreated.on>[0]>[0]) {
  // Publications and tags have no one to tell; a writer hears of a new follower.
  if (event.kind === 'user') await notifyFollow({ followerId: event.followerId, writerId: event.targetId });
}

async function onResponseCreated(event: Parameters<Parameters<typeof responseCreated.on>[0]>[0]) {
  await notifyResponse(event);
}

async function onResponseDeleted(event: Parameters<Parameters<typeof responseDeleted.on>[0]>[0]) {
  // The rows about it alone go; a group of several stays (its link now leads to the responses).
  await forgetDeletedResponse(event);
}

async function onStoryReviewed(event: Parameters<Parameters<typeof storyReviewed.on>[0]>[0]) {
  await notifyReview(event);
}
