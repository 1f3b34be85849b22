// THE permission policy (DESIGN §3–§5, SPEC §4–§6, CONVENTIONS 6). Every "may X do Y to Z" question in
// Lamplight is answered here: services call assertCan, the UI calls can to hide what the API would refuse.
// Pure TypeScript on purpose (no db, hono, next or node:*), so it runs on the server and in the browser.
// The choices made where DESIGN and SPEC were silent or ambiguous: docs/decisions/002-policy.md.

import { AppError } from '../lib/errors';

// ---------------------------------------------------------------------------------------------------------
// Who acts, and on what
// ---------------------------------------------------------------------------------------------------------

/** The signed-in user (site roles 'admin', 'editor'; everyone else is a writer), or null when anonymous. */
export type Actor = { id: string; roles: readonly string[]; status: 'active' | 'banned' } | null;
type SignedIn = NonNullable<Actor>;

/** The actor's membership of the publication concerned (owner = creator; userRelation 'admin'). */
export type PublicationRole = 'owner' | 'publication_editor' | 'publication_author' | null;
export type PolicyContext = { publicationRole?: PublicationRole };

export type StoryStatus = 'draft' | 'pending' | 'rejected' | 'scheduled' | 'published';
export type StoryResource = {
  authorId: string;
  status: StoryStatus;
  publicationId: string | null;
  authorStatus: 'active' | 'banned';
};
export type PublicationResource = { id: string };
export type ListResource = { ownerId: string; privacyStatus: 'public' | 'private' };
export type UserResource = { id: string };
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

type ResourceOfKind = {
  none: undefined;
  story: StoryResource;
  publication: PublicationResource;
  newsletter: NewsletterEntryResource;
  newsletterCandidate: NewsletterCandidate;
  list: ListResource;
  user: UserResource;
};

/** Every action, with the resource it is asked about (`none`: no resource; pass undefined). */
// prettier-ignore
const RESOURCE_KIND = {
  'story.create': 'none', 'story.read': 'story', 'story.update': 'story', 'story.editExcerpt': 'story',
  'story.submitForReview': 'story', 'story.publish': 'story', 'story.schedule': 'story',
  'story.reschedule': 'story', 'story.cancelSchedule': 'story', 'story.republish': 'story',
  'story.unpublish': 'story', 'story.approve': 'story', 'story.reject': 'story', 'story.delete': 'story',
  'publication.create': 'none', 'publication.read': 'publication', 'publication.viewStudio': 'publication',
  'publication.updateProfile': 'publication', 'publication.manageCollections': 'publication',
  'publication.manageNewsletterSettings': 'publication', 'publication.manageContributors': 'publication',
  'publication.changeRole': 'publication', 'publication.delete': 'publication',
  'publication.submitStory': 'publication',
  'newsletter.add': 'newsletterCandidate', 'newsletter.update': 'newsletter', 'newsletter.schedule': 'newsletter',
  'newsletter.reschedule': 'newsletter', 'newsletter.cancel': 'newsletter', 'newsletter.remove': 'newsletter',
  'list.create': 'none', 'list.read': 'list', 'list.update': 'list', 'list.delete': 'list',
  'list.addPost': 'list', 'list.removePost': 'list',
  'user.updateProfile': 'user', 'user.ban': 'user',
  'curation.set': 'none', 'subtopic.manage': 'none', 'post.searchAll': 'none',
} as const satisfies Record<string, keyof ResourceOfKind>;

export type Action = keyof typeof RESOURCE_KIND;
export type ResourceFor<A extends Action> = ResourceOfKind[(typeof RESOURCE_KIND)[A]];
export const ACTIONS = Object.keys(RESOURCE_KIND) as Action[];

/** Reads: a banned actor is treated as anonymous for them, and a refusal is answered as "not found". */
const READ_ACTIONS: ReadonlySet<Action> = new Set<Action>(['story.read', 'publication.read', 'list.read']);

// ---------------------------------------------------------------------------------------------------------
// Relations: how the actor stands to the resource
// ---------------------------------------------------------------------------------------------------------

type Subject = {
  actor: SignedIn | null;
  resource: unknown;
  kind: keyof ResourceOfKind;
  /** The story concerned (story.* and newsletter.add), if any. */
  story: StoryResource | null;
  /** The actor's role in the publication concerned; null when no publication is concerned. */
  pubRole: PublicationRole;
};

const isAuthor = (s: Subject) => s.actor !== null && s.story !== null && s.story.authorId === s.actor.id;
const hasSiteRole = (actor: Actor, role: 'admin' | 'editor') => !!actor && actor.roles.includes(role);

const RELATIONS = {
  /** Everyone, signed in or not. */
  anyone: () => true,
  /** Any active signed-in user ("writer"). */
  signedIn: (s: Subject) => s.actor !== null,
  /** The story's author. */
  author: isAuthor,
  /** The story's author, the story being outside any publication. */
  soloAuthor: (s: Subject) => isAuthor(s) && s.story?.publicationId === null,
  /** The story's author who is a publication_author of its publication: goes through review. */
  contributor: (s: Subject) => isAuthor(s) && s.pubRole === 'publication_author',
  pubAuthor: (s: Subject) => s.pubRole === 'publication_author',
  pubEditor: (s: Subject) => s.pubRole === 'publication_editor',
  pubOwner: (s: Subject) => s.pubRole === 'owner',
  /** The list's owner. */
  listOwner: (s: Subject) => s.kind === 'list' && s.actor?.id === (s.resource as ListResource).ownerId,
  /** The user acted upon is the actor. */
  self: (s: Subject) => s.kind === 'user' && s.actor?.id === (s.resource as UserResource).id,
  siteEditor: (s: Subject) => hasSiteRole(s.actor, 'editor'),
  siteAdmin: (s: Subject) => hasSiteRole(s.actor, 'admin'),
} satisfies Record<string, (s: Subject) => boolean>;
type Who = keyof typeof RELATIONS;

// ---------------------------------------------------------------------------------------------------------
// State rules: small predicates, each with the message shown when it does not hold
// ---------------------------------------------------------------------------------------------------------

type Rule<R> = {
  test: (resource: R, actor: SignedIn | null) => boolean;
  unmet: string;
  /** A state that may change is a conflict (409); a rule that never will be met is forbidden (403). */
  code?: 'conflict' | 'forbidden';
};
type Grant<R> = { who: readonly Who[]; when: readonly Rule<R>[] };
const allow = <R = unknown>(who: readonly Who[], ...when: Rule<R>[]): Grant<R> => ({ who, when });

const storyIn = (statuses: readonly StoryStatus[], unmet: string): Rule<StoryResource> => ({
  test: (s) => statuses.includes(s.status),
  unmet,
});
const isPublished = storyIn(['published'], 'The story is not published');
const notPublished = storyIn(['draft', 'pending', 'rejected', 'scheduled'], 'The story is already published');
const schedulable = storyIn(
  ['draft', 'pending', 'rejected'],
  'Only an unpublished, unscheduled story can be scheduled',
);
const isScheduled = storyIn(['scheduled'], 'The story is not scheduled');
const isPending = storyIn(['pending'], 'The story is not under review');
const submittable = storyIn(
  ['draft', 'rejected'],
  'Only a draft or rejected story can be submitted for review',
);

const isPublicList: Rule<ListResource> = {
  test: (l) => l.privacyStatus === 'public',
  unmet: 'The list is private',
};
const notSelf: Rule<UserResource> = {
  test: (u, actor) => u.id !== actor?.id,
  unmet: 'You cannot ban yourself',
  code: 'forbidden',
};

const entryIsScheduled = (e: NewsletterEntryResource) =>
  e.status === 'scheduled' || (e.status === null && e.scheduledTime !== null);
const entryUnscheduled: Rule<NewsletterEntryResource> = {
  test: (e) => (e.status === null || e.status === 'unscheduled') && !entryIsScheduled(e),
  unmet: 'The newsletter is already scheduled or sent',
};
const entryScheduled: Rule<NewsletterEntryResource> = {
  test: entryIsScheduled,
  unmet: 'The newsletter is not scheduled',
};
const entryNotSent: Rule<NewsletterEntryResource> = {
  test: (e) => e.status === null || e.status === 'unscheduled' || e.status === 'scheduled',
  unmet: 'The newsletter is being sent or was already sent',
};
const entryNotSending: Rule<NewsletterEntryResource> = {
  test: (e) => e.status !== 'sending',
  unmet: 'The newsletter is being sent right now',
};

// SPEC §4 "Add to newsletter": newsletters on; the story in this publication, scheduled or published, not in one yet.
const pubHasNewsletters: Rule<NewsletterCandidate> = {
  test: (c) => c.hasNewsletters,
  unmet: "The publication doesn't have a newsletter",
};
const storyInThisPublication: Rule<NewsletterCandidate> = {
  test: (c) => c.story.publicationId === c.publicationId,
  unmet: 'The story does not belong to this publication',
  code: 'forbidden',
};
const storyOutOrDue: Rule<NewsletterCandidate> = {
  test: (c) => c.story.status === 'scheduled' || c.story.status === 'published',
  unmet: 'Only a scheduled or published story can go into a newsletter',
};
const notInNewsletter: Rule<NewsletterCandidate> = {
  test: (c) => !c.story.isInNewsletter,
  unmet: 'The story is already in a newsletter',
};

// ---------------------------------------------------------------------------------------------------------
// THE MATRIX (DESIGN §4 row by row, plus SPEC §4–§6). An action is allowed when ANY of its grants holds:
// the actor has one of the grant's relations AND every state rule of that grant holds. Two rules come
// before the table: a banned actor may only read what anonymous may read; a banned author's stories
// are visible and actionable by site admins only (DESIGN §5).
// ---------------------------------------------------------------------------------------------------------

const STAFF = ['siteEditor', 'siteAdmin'] as const;
const PUB_DESK = ['pubEditor', 'pubOwner'] as const;
const PUB_MEMBERS = ['pubAuthor', 'pubEditor', 'pubOwner'] as const;
/** Who publishes a story: its author outside publications, the publication's owner/editors inside one. */
const PUBLISHERS = ['soloAuthor', ...PUB_DESK] as const;

// prettier-ignore
export const POLICY: { readonly [A in Action]: readonly Grant<ResourceFor<A>>[] } = {
  //                                      who may …                                  … and only when
  'story.create':                         [allow(['signedIn'])],
  'story.read':                           [allow(['anyone'], isPublished), allow(['author', ...PUB_DESK, 'siteAdmin'])],
  'story.update':                         [allow(['author'])],
  'story.editExcerpt':                    [allow(STAFF)],
  'story.submitForReview':                [allow(['contributor'], submittable)],
  'story.publish':                        [allow(PUBLISHERS, notPublished)],
  'story.schedule':                       [allow(PUBLISHERS, schedulable)],
  'story.reschedule':                     [allow(PUBLISHERS, isScheduled)],
  'story.cancelSchedule':                 [allow(PUBLISHERS, isScheduled)],
  'story.republish':                      [allow(PUBLISHERS, isPublished)],
  'story.unpublish':                      [allow(['author', ...PUB_DESK, 'siteAdmin'], isPublished)],
  'story.approve':                        [allow(PUB_DESK, isPending)],
  'story.reject':                         [allow(PUB_DESK, isPending)],
  'story.delete':                         [allow(['author', 'siteAdmin'])],

  'publication.create':                   [allow(['signedIn'])],
  'publication.read':                     [allow(['anyone'])],
  'publication.viewStudio':               [allow(PUB_DESK)],
  'publication.updateProfile':            [allow(PUB_DESK)],
  'publication.manageCollections':        [allow(PUB_DESK)],
  'publication.manageNewsletterSettings': [allow(PUB_DESK)],
  'publication.manageContributors':       [allow(['pubOwner'])],
  'publication.changeRole':               [allow(['pubOwner'])],
  'publication.delete':                   [allow(['pubOwner', 'siteAdmin'])],
  'publication.submitStory':              [allow(PUB_MEMBERS)],

  'newsletter.add':                       [allow(PUB_DESK, pubHasNewsletters, storyInThisPublication, storyOutOrDue, notInNewsletter)],
  'newsletter.update':                    [allow(PUB_DESK, entryNotSent)],
  'newsletter.schedule':                  [allow(PUB_DESK, entryUnscheduled)],
  'newsletter.reschedule':                [allow(PUB_DESK, entryScheduled)],
  'newsletter.cancel':                    [allow(PUB_DESK, entryScheduled)],
  'newsletter.remove':                    [allow(PUB_DESK, entryNotSending)],

  'list.create':                          [allow(['signedIn'])],
  'list.read':                            [allow(['anyone'], isPublicList), allow(['listOwner'])],
  'list.update':                          [allow(['listOwner'])],
  'list.delete':                          [allow(['listOwner'])],
  'list.addPost':                         [allow(['listOwner'])],
  'list.removePost':                      [allow(['listOwner'])],

  'user.updateProfile':                   [allow(['self'])],
  'user.ban':                             [allow(['siteAdmin'], notSelf)],
  'curation.set':                         [allow(['siteAdmin'])],
  'subtopic.manage':                      [allow(['siteAdmin'])],
  'post.searchAll':                       [allow(['siteAdmin'])],
};

// ---------------------------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------------------------

export type PolicyDecision =
  | { allowed: true }
  | { allowed: false; code: 'unauthorized' | 'forbidden' | 'conflict' | 'not_found'; reason: string };

const NOUN: Partial<Record<Action, string>> = {
  'story.read': 'Story',
  'publication.read': 'Publication',
  'list.read': 'List',
};
const ALLOWED: PolicyDecision = { allowed: true };
const deny = (code: Exclude<PolicyDecision, { allowed: true }>['code'], reason: string): PolicyDecision => ({
  allowed: false,
  code,
  reason,
});

function subjectOf(actor: SignedIn | null, action: Action, resource: unknown, ctx?: PolicyContext): Subject {
  const kind: keyof ResourceOfKind = RESOURCE_KIND[action];
  let story: StoryResource | null = null;
  let publicationId: string | null = null;
  if (kind === 'story') {
    story = resource as StoryResource;
    publicationId = story.publicationId;
  } else if (kind === 'newsletterCandidate') {
    story = (resource as NewsletterCandidate).story;
    publicationId = (resource as NewsletterCandidate).publicationId;
  } else if (kind === 'publication') {
    publicationId = (resource as PublicationResource).id;
  } else if (kind === 'newsletter') {
    publicationId = (resource as NewsletterEntryResource).publicationId;
  }
  // A publication role only counts when a publication is concerned: it never reaches a solo story.
  const pubRole = actor && publicationId ? (ctx?.publicationRole ?? null) : null;
  return { actor, resource, kind, story, pubRole };
}

/** The full answer: allowed, or why not (with the AppError code assertCan would throw). */
export function decide<A extends Action>(
  actor: Actor,
  action: A,
  resource?: ResourceFor<A>,
  context?: PolicyContext,
): PolicyDecision {
  const isRead = READ_ACTIONS.has(action);
  const notFoundReason = `${NOUN[action] ?? 'Resource'} not found`;
  if (RESOURCE_KIND[action] !== 'none' && (resource === undefined || resource === null)) {
    return deny('forbidden', 'Nothing to check this permission against');
  }
  let who: SignedIn | null = actor;
  if (actor && actor.status === 'banned') {
    if (!isRead) return deny('forbidden', 'Your account has been banned');
    who = null; // a banned actor reads exactly what anonymous reads
  }

  const subject = subjectOf(who, action, resource, context);
  if (subject.story?.authorStatus === 'banned' && !RELATIONS.siteAdmin(subject)) {
    return isRead ? deny('not_found', notFoundReason) : deny('forbidden', "This story's author is banned");
  }

  let unmet: Rule<ResourceFor<A>> | null = null;
  for (const grant of POLICY[action] as readonly Grant<ResourceFor<A>>[]) {
    if (!grant.who.some((relation) => RELATIONS[relation](subject))) continue;
    const failed = grant.when.find((rule) => !rule.test(resource as ResourceFor<A>, who));
    if (!failed) return ALLOWED;
    unmet ??= failed;
  }
  if (isRead) return deny('not_found', notFoundReason);
  if (unmet) return deny(unmet.code ?? 'conflict', unmet.unmet);
  if (!who) return deny('unauthorized', 'Please sign in first');
  return deny('forbidden', 'You are not allowed to do that');
}

/** May this actor do this action (to this resource)? For hiding and disabling in the UI, and for filters. */
export function can<A extends Action>(
  actor: Actor,
  action: A,
  resource?: ResourceFor<A>,
  context?: PolicyContext,
): boolean {
  return decide(actor, action, resource, context).allowed;
}

/** null when allowed, otherwise the reason in words (for a tooltip or a log line). */
export function why<A extends Action>(
  actor: Actor,
  action: A,
  resource?: ResourceFor<A>,
  context?: PolicyContext,
): string | null {
  const decision = decide(actor, action, resource, context);
  return decision.allowed ? null : decision.reason;
}

/**
 * Throws the AppError the API answers with when the actor may not: 'unauthorized' (anonymous, "Please
 * sign in first"), 'forbidden' (signed in but not allowed, or banned), 'conflict' (allowed in another
 * state, e.g. publishing a published story) or 'not_found' (a read refused: existence is not revealed).
 */
export function assertCan<A extends Action>(
  actor: Actor,
  action: A,
  resource?: ResourceFor<A>,
  context?: PolicyContext,
): void {
  const decision = decide(actor, action, resource, context);
  if (!decision.allowed) throw new AppError(decision.code, decision.reason);
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers for callers
// ---------------------------------------------------------------------------------------------------------

export const isSiteAdmin = (actor: Actor): boolean => hasSiteRole(actor, 'admin');
export const isSiteEditor = (actor: Actor): boolean => hasSiteRole(actor, 'editor');

/** SPEC §3 userRelation ('admin' = owner, 'editor', 'author') → the role this policy takes. */
export function publicationRoleFromRelation(
  userRelation: readonly string[] | null | undefined,
): PublicationRole {
  if (!userRelation) return null;
  if (userRelation.includes('admin') || userRelation.includes('owner')) return 'owner';
  if (userRelation.includes('editor') || userRelation.includes('publication_editor'))
    return 'publication_editor';
  if (userRelation.includes('author') || userRelation.includes('publication_author'))
    return 'publication_author';
  return null;
}
