// What the policy is asked about: the actions, and the resource each one concerns.
import type { PublicationRole } from '../roles';

/** The actor's role in the publication concerned; null (or absent) when they have none. */
export type PolicyContext = { publicationRole?: PublicationRole | null };

export type StoryStatus = 'draft' | 'pending' | 'rejected' | 'scheduled' | 'published';
export type AccountStatus = 'active' | 'banned';

export type StoryResource = {
  authorId: string;
  status: StoryStatus;
  publicationId: string | null;
  authorStatus: AccountStatus;
  /** Whether the story has an excerpt yet (a draft autosaved before one was typed has none). */
  hasExcerpt: boolean;
};
export type PublicationResource = { id: string };
export type ListResource = {
  ownerId: string;
  ownerStatus: AccountStatus;
  privacyStatus: 'public' | 'private';
};
/** A user acted upon (their profile, their ban). */
export type UserResource = { id: string };
/**
 * A change of a user's site roles (issue 13): the role, granted or revoked, and how many active
 * site admins there would be afterwards (never none).
 */
export type SiteRoleChangeResource = {
  id: string;
  role: 'admin' | 'editor';
  grant: boolean;
  adminsAfter: number;
};
/**
 * What a reader reports, or staff act on from a report (issue 25, docs/decisions/054-reports.md): a
 * response or a story, and who wrote it.
 */
export type ReportSubjectResource = { kind: 'response' | 'story'; authorId: string };
/** A response under a story (issue 25, docs/decisions/053-responses.md): its story, writer and state. */
export type ResponseResource = {
  story: StoryResource;
  authorId: string;
  /** How long ago it was posted (ms): its writer edits it for RESPONSE_EDIT_WINDOW_MS. */
  ageMs: number;
  /** Hidden by the story's writer or editors, or removed by site staff. */
  hidden: boolean;
  removed: boolean;
};
/**
 * Where a response would go (issue 25): the story, whether responses are open on it (neither the story
 * nor its publication turned them off) and, for a reply, the response it answers.
 */
export type ResponseTargetResource = {
  story: StoryResource;
  open: boolean;
  parent: { topLevel: boolean; shown: boolean } | null;
};
/** A user whose profile, home or stories are looked at. */
export type AccountResource = { id: string; status: AccountStatus };
/** What a reader would follow (issue 25, decision 052): a writer (their user id), a publication or a tag. */
export type FollowResource = { kind: 'user' | 'publication' | 'tag'; id: string };
/** DESIGN §6: unscheduled → scheduled → sending → sent | failed; SPEC §4: "neither scheduledTime nor status". */
export type NewsletterStatus = 'unscheduled' | 'scheduled' | 'sending' | 'sent' | 'failed';
export type NewsletterEntryResource = {
  publicationId: string;
  status: NewsletterStatus | null;
  scheduledTime: number | string | Date | null;
};
/** newsletter.add: a story about to be put into a publication's newsletter (SPEC §4 "Add to newsletter"). */
export type NewsletterCandidate = {
  publicationId: string;
  hasNewsletters: boolean;
  story: StoryResource & { isInNewsletter: boolean };
};

export type ResourceOfKind = {
  none: undefined;
  story: StoryResource;
  publication: PublicationResource;
  newsletter: NewsletterEntryResource;
  newsletterCandidate: NewsletterCandidate;
  list: ListResource;
  user: UserResource;
  account: AccountResource;
  siteRoleChange: SiteRoleChangeResource;
  follow: FollowResource;
  response: ResponseResource;
  responseTarget: ResponseTargetResource;
  reportSubject: ReportSubjectResource;
};

/** Every action, with the resource it is asked about (`none`: no resource; pass undefined). */
// prettier-ignore
export const RESOURCE_KIND = {
  'session.start': 'none',
  'story.create': 'none', 'story.read': 'story', 'story.update': 'story', 'story.editExcerpt': 'story',
  'story.giveExcerpt': 'story',
  'story.move': 'story', 'story.submitForReview': 'story',
  'story.publish': 'story', 'story.schedule': 'story', 'story.reschedule': 'story',
  'story.cancelSchedule': 'story', 'story.republish': 'story', 'story.unpublish': 'story',
  'story.approve': 'story', 'story.reject': 'story', 'story.delete': 'story',
  'story.viewRevisions': 'story', 'story.restoreRevision': 'story',
  'publication.create': 'none', 'publication.read': 'publication', 'publication.openStudio': 'publication',
  'publication.viewStudio': 'publication', 'publication.openAdmin': 'publication',
  'publication.updateProfile': 'publication', 'publication.manageCollections': 'publication',
  'publication.manageNewsletterSettings': 'publication', 'publication.manageContributors': 'publication',
  'publication.changeRole': 'publication', 'publication.delete': 'publication',
  'publication.submitStory': 'publication',
  'newsletter.add': 'newsletterCandidate', 'newsletter.update': 'newsletter', 'newsletter.schedule': 'newsletter',
  'newsletter.reschedule': 'newsletter', 'newsletter.cancel': 'newsletter', 'newsletter.remove': 'newsletter',
  'list.create': 'none', 'list.read': 'list', 'list.update': 'list', 'list.delete': 'list',
  'list.addPost': 'list', 'list.removePost': 'list',
  'user.read': 'account', 'user.openStudio': 'user', 'user.updateProfile': 'user', 'user.ban': 'user',
  'curation.set': 'none', 'subtopic.manage': 'none', 'post.searchAll': 'none',
  'staff.openArea': 'none', 'user.changeSiteRole': 'siteRoleChange',
  'import.intoAccount': 'user', 'import.intoPublication': 'publication',
  'export.account': 'user', 'export.publication': 'publication', 'export.subscribers': 'publication',
  'webhook.managePublication': 'publication', 'webhook.manageSite': 'none',
  'scripture.manageDailyVerses': 'none',
  'plan.manage': 'publication', 'plan.start': 'none', 'plan.follow': 'none',
  'notification.read': 'none', 'notification.markRead': 'none',
  'response.create': 'responseTarget', 'response.update': 'response', 'response.delete': 'response',
  'response.hide': 'response', 'response.remove': 'response',
  'response.closeForStory': 'story', 'response.closeForPublication': 'publication',
  'follow.create': 'follow', 'follow.delete': 'none', 'follow.list': 'none', 'follow.readFeed': 'none',
  'report.create': 'reportSubject', 'report.review': 'none', 'report.hide': 'reportSubject',
  'report.ban': 'reportSubject',
} as const satisfies Record<string, keyof ResourceOfKind>;

export type Action = keyof typeof RESOURCE_KIND;
export type ResourceFor<A extends Action> = ResourceOfKind[(typeof RESOURCE_KIND)[A]];
export const ACTIONS = Object.keys(RESOURCE_KIND) as Action[];

/** Reads: a banned actor is treated as anonymous for them, and a refusal is answered "not found". */
export const READ_NOUN: Partial<Record<Action, string>> = {
  'story.read': 'Story',
  'publication.read': 'Publication',
  'list.read': 'List',
  'user.read': 'User',
};
