// State rules: small predicates over the resource, each with the message shown when it does not hold.
import type { SignedIn } from './relations';
import type {
  AccountResource,
  FollowResource,
  ListResource,
  NewsletterCandidate,
  ReportSubjectResource,
  ResponseResource,
  ResponseTargetResource,
  NewsletterEntryResource,
  StoryResource,
  SiteRoleChangeResource,
  StoryStatus,
  UserResource,
} from './resources';

export type Rule<R> = {
  test: (resource: R, actor: SignedIn | null) => boolean;
  unmet: string;
  /** A state that may change is a conflict (409); a rule that never will be met is forbidden (403). */
  code?: 'conflict' | 'forbidden';
};

/** Out: published, or scheduled to be (DESIGN §3). */
export const isOutStatus = (status: StoryStatus): boolean => status === 'published' || status === 'scheduled';
/** Scheduled: schedule_post on such a story reschedules it. */
export const isScheduledStatus = (status: StoryStatus): boolean => status === 'scheduled';

const storyIn = (statuses: readonly StoryStatus[], unmet: string): Rule<StoryResource> => ({
  test: (s) => statuses.includes(s.status),
  unmet,
});
export const isPublished = storyIn(['published'], 'The story is not published');
export const notPublished = storyIn(
  ['draft', 'pending', 'rejected', 'scheduled'],
  'The story is already published',
);
export const schedulable = storyIn(
  ['draft', 'pending', 'rejected'],
  'Only an unpublished, unscheduled story can be scheduled',
);
export const isScheduled = storyIn(['scheduled'], 'The story is not scheduled');
export const isPending = storyIn(['pending'], 'The story is not under review');
export const submittable = storyIn(
  ['draft', 'rejected'],
  'Only a draft or rejected story can be submitted for review',
);
/** Moving a story between publications: only while it is not out (DESIGN §3, docs/decisions/004). */
export const notOut = storyIn(
  ['draft', 'pending', 'rejected'],
  'Unpublish the story (or cancel its schedule) before moving it to another publication',
);
/** The author gives the excerpt while creating the story; once it has one, site staff change it (002). */
export const hasNoExcerpt: Rule<StoryResource> = {
  test: (s) => !s.hasExcerpt,
  unmet: 'Only site editors and admins can change the excerpt of a story',
  code: 'forbidden',
};

export const isPublicList: Rule<ListResource> = {
  test: (l) => l.privacyStatus === 'public',
  unmet: 'The list is private',
};
/** A banned owner's lists vanish from public view (DESIGN §5). */
export const listOwnerActive: Rule<ListResource> = {
  test: (l) => l.ownerStatus === 'active',
  unmet: "The list's owner is banned",
};
/** A banned writer's profile, home and stories vanish from public view (DESIGN §5). */
export const accountActive: Rule<AccountResource> = {
  test: (u) => u.status === 'active',
  unmet: 'The user is banned',
};
/**
 * Whether what an account did is shown to others under its name — a notification's "Ruth started
 * following you" (DESIGN §5: a banned account vanishes from public view; a deleted one is null).
 */
export const isAccountShown = (status: AccountResource['status'] | null): boolean => status === 'active';
/** Whether an account is banned (a deleted one, null, is not). */
export const isAccountBanned = (status: AccountResource['status'] | null): boolean => status === 'banned';
export const notSelf: Rule<UserResource> = {
  test: (u, actor) => u.id !== actor?.id,
  unmet: 'You cannot ban yourself',
  code: 'forbidden',
};

/** A reader follows others: never themself (issue 25). */
export const notFollowingSelf: Rule<FollowResource> = {
  test: (f, actor) => f.kind !== 'user' || f.id !== actor?.id,
  unmet: 'You cannot follow yourself',
  code: 'forbidden',
};

/** SPEC §4 author status: a ban toggles — banned becomes active, anything else banned. */
export const statusAfterBanToggle = (status: AccountResource['status']): AccountResource['status'] =>
  status === 'banned' ? 'active' : 'banned';

/** A site role change applied to stored roles: the roles after it, or null when nothing changes. */
export function siteRolesAfterChange(
  roles: readonly string[],
  change: { role: SiteRoleChangeResource['role']; grant: boolean },
): string[] | null {
  if (roles.includes(change.role) === change.grant) return null;
  return change.grant ? [...roles, change.role] : roles.filter((r) => r !== change.role);
}

/** Whether an account counts as an active site admin once a role change is applied to it. */
export function isActiveAdminAfter(
  account: { status: AccountResource['status']; roles: readonly string[] },
  change: { role: SiteRoleChangeResource['role']; grant: boolean },
): boolean {
  if (account.status !== 'active') return false;
  return change.role === 'admin' ? change.grant : account.roles.includes('admin');
}

/** The site always keeps an active site admin (issue 13: never removing the last admin). */
export const keepsAnAdmin: Rule<SiteRoleChangeResource> = {
  test: (c) => c.grant || c.role !== 'admin' || c.adminsAfter > 0,
  unmet: 'The last site admin cannot be removed',
};

const entryIsScheduled = (e: NewsletterEntryResource) =>
  e.status === 'scheduled' || (e.status === null && e.scheduledTime !== null);
export const entryUnscheduled: Rule<NewsletterEntryResource> = {
  test: (e) => (e.status === null || e.status === 'unscheduled') && !entryIsScheduled(e),
  unmet: 'The newsletter is already scheduled or sent',
};
export const entryScheduled: Rule<NewsletterEntryResource> = {
  test: entryIsScheduled,
  unmet: 'The newsletter is not scheduled',
};
export const entryNotSent: Rule<NewsletterEntryResource> = {
  test: (e) => e.status === null || e.status === 'unscheduled' || e.status === 'scheduled',
  unmet: 'The newsletter is being sent or was already sent',
};
export const entryNotSending: Rule<NewsletterEntryResource> = {
  test: (e) => e.status !== 'sending',
  unmet: 'The newsletter is being sent right now',
};

// SPEC §4 "Add to newsletter": newsletters on; the story in this publication, scheduled or published, not in one yet.
export const publicationHasNewsletters: Rule<NewsletterCandidate> = {
  test: (c) => c.hasNewsletters,
  unmet: "The publication doesn't have a newsletter",
};
export const storyInThisPublication: Rule<NewsletterCandidate> = {
  test: (c) => c.story.publicationId === c.publicationId,
  unmet: 'The story does not belong to this publication',
  code: 'forbidden',
};
export const storyOutOrDue: Rule<NewsletterCandidate> = {
  test: (c) => c.story.status === 'scheduled' || c.story.status === 'published',
  unmet: 'Only a scheduled or published story can go into a newsletter',
};
export const notInNewsletter: Rule<NewsletterCandidate> = {
  test: (c) => !c.story.isInNewsletter,
  unmet: 'The story is already in a newsletter',
};

// Reports (issue 25; docs/decisions/054-reports.md).
export const notOwnSubject: Rule<ReportSubjectResource> = {
  test: (r, actor) => r.authorId !== actor?.id,
  unmet: 'You cannot report something you wrote',
  code: 'forbidden',
};
/** Site editors remove a reported response; unpublishing a story is a site admin's (story.unpublish). */
export const isResponseSubject: Rule<ReportSubjectResource> = {
  test: (r) => r.kind === 'response',
  unmet: 'Only a site admin can unpublish a reported story',
  code: 'forbidden',
};
export const subjectAuthorNotSelf: Rule<ReportSubjectResource> = {
  test: (r, actor) => r.authorId !== actor?.id,
  unmet: 'You cannot ban yourself',
  code: 'forbidden',
};

// Responses (issue 25; docs/decisions/053-responses.md).
/** A response's writer may change its text this long after posting it. */
export const RESPONSE_EDIT_WINDOW_MS = 15 * 60 * 1000;
export const responseStoryPublished: Rule<ResponseTargetResource> = {
  test: (t) => t.story.status === 'published',
  unmet: 'The story is not published',
};
export const responsesOpen: Rule<ResponseTargetResource> = {
  test: (t) => t.open,
  unmet: 'Responses are turned off for this story',
  code: 'forbidden',
};
/** One level of replies: a reply answers a top-level response, never another reply. */
export const repliesOneLevel: Rule<ResponseTargetResource> = {
  test: (t) => t.parent === null || t.parent.topLevel,
  unmet: 'Replies go one level deep: reply to the response itself',
  code: 'forbidden',
};
/** A hidden, removed or banned writer's response takes no replies (it is not shown). */
export const parentShown: Rule<ResponseTargetResource> = {
  test: (t) => t.parent === null || t.parent.shown,
  unmet: 'That response is not shown any more and cannot be replied to',
};
export const withinEditWindow: Rule<ResponseResource> = {
  test: (r) => r.ageMs <= RESPONSE_EDIT_WINDOW_MS,
  unmet: 'A response can be edited only in the first 15 minutes after posting it',
  code: 'forbidden',
};
/** A response hidden or removed by moderation keeps the text it was judged on. */
export const responseNotModerated: Rule<ResponseResource> = {
  test: (r) => !r.hidden && !r.removed,
  unmet: 'A hidden response cannot be edited',
  code: 'forbidden',
};
