// THE MATRIX (DESIGN §4 row by row, plus SPEC §4–§6; choices where they were silent: docs/decisions/002).
// An action is allowed when ANY of its grants holds: the actor has one of the grant's relations AND every
// state rule of that grant holds. Two rules come before the table (decide.ts): a banned actor may only
// read what anonymous may read; a banned author's stories are visible and actionable by site admins only.
import { RELATIONS, type Subject, type Who } from './relations';
import type { Action, ResourceFor } from './resources';
import * as is from './rules';
import type { Rule } from './rules';

export type Grant<R> = { who: readonly Who[]; when: readonly Rule<R>[] };
const allow = <R = unknown>(who: readonly Who[], ...when: Rule<R>[]): Grant<R> => ({ who, when });

/** Site staff: site editors and site admins (docs/glossary.md). */
const SITE_STAFF = ['siteEditor', 'siteAdmin'] as const;
/** A publication's editors: its owner edits too (docs/glossary.md). */
const PUBLICATION_EDITORS = ['publicationEditor', 'publicationOwner'] as const;
const PUBLICATION_MEMBERS = ['publicationAuthor', ...PUBLICATION_EDITORS] as const;
/** Who publishes a story: its author outside publications, the publication's editors inside one. */
const PUBLISHERS = ['soloAuthor', ...PUBLICATION_EDITORS] as const;
const STORY_READERS = ['author', ...PUBLICATION_EDITORS, 'siteAdmin'] as const;

// prettier-ignore
export const POLICY: { readonly [A in Action]: readonly Grant<ResourceFor<A>>[] } = {
  //                                      who may …                                  … and only when
  'session.start':                        [allow(['signedIn'])],

  'story.create':                         [allow(['signedIn'])],
  'story.read':                           [allow(['anyone'], is.isPublished), allow(STORY_READERS)],
  'story.update':                         [allow(['author'])],
  'story.editExcerpt':                    [allow(SITE_STAFF)],
  'story.giveExcerpt':                    [allow(['author'], is.hasNoExcerpt)],
  'story.move':                           [allow(['author'], is.notOut)],
  'story.submitForReview':                [allow(['contributor'], is.submittable)],
  'story.publish':                        [allow(PUBLISHERS, is.notPublished)],
  'story.schedule':                       [allow(PUBLISHERS, is.schedulable)],
  'story.reschedule':                     [allow(PUBLISHERS, is.isScheduled)],
  'story.cancelSchedule':                 [allow(PUBLISHERS, is.isScheduled)],
  'story.republish':                      [allow(PUBLISHERS, is.isPublished)],
  'story.unpublish':                      [allow(STORY_READERS, is.isPublished)],
  'story.approve':                        [allow(PUBLICATION_EDITORS, is.isPending)],
  'story.reject':                         [allow(PUBLICATION_EDITORS, is.isPending)],
  'story.delete':                         [allow(['author', 'siteAdmin'])],
  // A story's history is for whoever may change its content (docs/decisions/039-story-revisions.md).
  'story.viewRevisions':                  [allow(['author'])],
  'story.restoreRevision':                [allow(['author'])],

  'publication.create':                   [allow(['signedIn'])],
  'publication.read':                     [allow(['anyone'])],
  'publication.openStudio':               [allow(PUBLICATION_MEMBERS)],
  'publication.viewStudio':               [allow(PUBLICATION_EDITORS)],
  'publication.openAdmin':                [allow([...PUBLICATION_EDITORS, 'siteAdmin'])],
  'publication.updateProfile':            [allow(PUBLICATION_EDITORS)],
  'publication.manageCollections':        [allow(PUBLICATION_EDITORS)],
  'publication.manageNewsletterSettings': [allow(PUBLICATION_EDITORS)],
  'publication.manageContributors':       [allow(['publicationOwner'])],
  'publication.changeRole':               [allow(['publicationOwner'])],
  'publication.delete':                   [allow(['publicationOwner', 'siteAdmin'])],
  'publication.submitStory':              [allow(PUBLICATION_MEMBERS)],

  'newsletter.add':                       [allow(PUBLICATION_EDITORS, is.publicationHasNewsletters, is.storyInThisPublication, is.storyOutOrDue, is.notInNewsletter)],
  'newsletter.update':                    [allow(PUBLICATION_EDITORS, is.entryNotSent)],
  'newsletter.schedule':                  [allow(PUBLICATION_EDITORS, is.entryUnscheduled)],
  'newsletter.reschedule':                [allow(PUBLICATION_EDITORS, is.entryScheduled)],
  'newsletter.cancel':                    [allow(PUBLICATION_EDITORS, is.entryScheduled)],
  'newsletter.remove':                    [allow(PUBLICATION_EDITORS, is.entryNotSending)],

  'list.create':                          [allow(['signedIn'])],
  'list.read':                            [allow(['anyone'], is.isPublicList, is.listOwnerActive), allow(['siteAdmin'], is.isPublicList), allow(['listOwner'])],
  'list.update':                          [allow(['listOwner'])],
  'list.delete':                          [allow(['listOwner'])],
  'list.addPost':                         [allow(['listOwner'])],
  'list.removePost':                      [allow(['listOwner'])],

  'user.read':                            [allow(['anyone'], is.accountActive), allow(['siteAdmin'])],
  'user.openStudio':                      [allow(['self', 'siteAdmin'])],
  'user.updateProfile':                   [allow(['self'])],
  'user.ban':                             [allow(['siteAdmin'], is.notSelf)],
  'curation.set':                         [allow(['siteAdmin'])],
  'subtopic.manage':                      [allow(['siteAdmin'])],
  'post.searchAll':                       [allow(['siteAdmin'])],
  'staff.openArea':                       [allow(SITE_STAFF)],
  'user.changeSiteRole':                  [allow(['siteAdmin'], is.keepsAnAdmin)],
  // Moving in from another platform (issue 23; docs/decisions/042-imports.md): into one's own account,
  // one's own publication, or, for a site admin, anyone's.
  'import.intoAccount':                   [allow(['self', 'siteAdmin'])],
  'import.intoPublication':               [allow(['publicationOwner', 'siteAdmin'])],
  // Moving out (issue 23; docs/decisions/043-exports.md): one's own stories, one's publication's, and
  // its subscribers' addresses only to the people answerable for them.
  'export.account':                       [allow(['self', 'siteAdmin'])],
  'export.publication':                   [allow(['publicationOwner', 'siteAdmin'])],
  'export.subscribers':                   [allow(['publicationOwner', 'siteAdmin'])],
  // Webhooks (issue 23; docs/decisions/040-webhooks.md): a publication's endpoints are its owner's (and
  // any site admin's) to manage; the site-wide ones, which hear every publication, the site admins'.
  'webhook.managePublication':            [allow(['publicationOwner', 'siteAdmin'])],
  'webhook.manageSite':                   [allow(['siteAdmin'])],
  // The verse of the day's list (issue 24; docs/decisions/049-verse-of-the-day.md): site staff's.
  'scripture.manageDailyVerses':          [allow(SITE_STAFF)],
  // Reading plans (issue 24; docs/decisions/050-reading-plans.md): a publication's plans and its
  // readers' figures are its owner's; anyone may start one (by mail, confirmed), and a signed-in
  // reader follows their own (marks days read, sees their progress).
  'plan.manage':                          [allow(['publicationOwner'])],
  'plan.start':                           [allow(['anyone'])],
  'plan.follow':                          [allow(['signedIn'])],
  // Notifications (issue 25; docs/decisions/055-notifications.md): a signed-in reader's own, listed
  // and marked read by them alone (the service keeps every query to the reader's own rows).
  'notification.read':                    [allow(['signedIn'])],
  'notification.markRead':                [allow(['signedIn'])],
  // Follows (issue 25; docs/decisions/052-follows.md): any signed-in reader follows writers (not
  // themself), publications and tags, unfollows, lists whom they follow and reads their Following feed.
  'follow.create':                        [allow(['signedIn'], is.notFollowingSelf)],
  'follow.delete':                        [allow(['signedIn'])],
  'follow.list':                          [allow(['signedIn'])],
  'follow.readFeed':                      [allow(['signedIn'])],
  // Reports (issue 25; docs/decisions/054-reports.md): any reader reports what others wrote; site staff
  // read the queue, dismiss reports and remove a reported response; unpublishing a reported story and
  // banning its author stay the site admins' (story.unpublish, user.ban).
  'report.create':                        [allow(['signedIn'], is.notOwnSubject)],
  'report.review':                        [allow(SITE_STAFF)],
  'report.hide':                          [allow(SITE_STAFF, is.isResponseSubject), allow(['siteAdmin'])],
  'report.ban':                           [allow(['siteAdmin'], is.subjectAuthorNotSelf)],
  // Responses (issue 25; docs/decisions/053-responses.md): signed-in readers respond to a published
  // story whose responses are open; the writer edits (15 minutes) and deletes their own; the story's
  // writer and its publication's editors hide; site staff remove (logged). Turning responses off: the
  // story's writer and its publication's editors per story, the publication's editors per publication.
  'response.create':                      [allow(['signedIn'], is.responseStoryPublished, is.responsesOpen, is.repliesOneLevel, is.parentShown)],
  'response.update':                      [allow(['responseAuthor'], is.responseNotModerated, is.withinEditWindow)],
  'response.delete':                      [allow(['responseAuthor'])],
  'response.hide':                        [allow(['author', ...PUBLICATION_EDITORS])],
  'response.remove':                      [allow(SITE_STAFF)],
  'response.closeForStory':               [allow(['author', ...PUBLICATION_EDITORS])],
  'response.closeForPublication':         [allow(PUBLICATION_EDITORS)],
};

/** A publication's author who tries to publish learns how their story gets out (DESIGN §3 review). */
const reviewInstead = (s: Subject) =>
  RELATIONS.publicationAuthor(s)
    ? "Only the publication's owner and editors can publish or schedule stories in it: save the story as a draft to submit it for review"
    : null;

/** Refusals worth more words than "You are not allowed to do that" (null: the plain words). */
export const REFUSAL: Partial<Record<Action, (s: Subject) => string | null>> = {
  'story.editExcerpt': () => is.hasNoExcerpt.unmet,
  'story.giveExcerpt': () => is.hasNoExcerpt.unmet,
  'story.publish': reviewInstead,
  'story.schedule': reviewInstead,
  'story.reschedule': reviewInstead,
  'story.cancelSchedule': reviewInstead,
  'story.republish': reviewInstead,
  'user.openStudio': () => "Only the writer can see their studio's stories",
};
