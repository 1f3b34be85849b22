// Evaluating the matrix: decide (the full answer), can (yes or no), why (the reason), assertCan (throws).
import { AppError } from '../../lib/errors';
import type { Actor } from '../actor';
import { POLICY, REFUSAL, type Grant } from './matrix';
import { RELATIONS, type SignedIn, type Subject } from './relations';
import {
  READ_NOUN,
  RESOURCE_KIND,
  type Action,
  type NewsletterCandidate,
  type NewsletterEntryResource,
  type PolicyContext,
  type PublicationResource,
  type ResourceFor,
  type ResourceOfKind,
  type StoryResource,
} from './resources';
import type { Rule } from './rules';

export type PolicyDecision =
  | { allowed: true }
  | { allowed: false; code: 'unauthorized' | 'forbidden' | 'conflict' | 'not_found'; reason: string };

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
  } else if (kind === 'response' || kind === 'responseTarget') {
    // A response is judged with its story: the story's writer and its publication's editors moderate.
    story = (resource as { story: StoryResource }).story;
    publicationId = story.publicationId;
  }
  // A publication role only counts when a publication is concerned: it never reaches a solo story.
  const publicationRole = actor && publicationId ? (ctx?.publicationRole ?? null) : null;
  return { actor, resource, kind, story, publicationRole };
}

/** The full answer: allowed, or why not (with the AppError code assertCan would throw). */
export function decide<A extends Action>(
  actor: Actor,
  action: A,
  resource?: ResourceFor<A>,
  context?: PolicyContext,
): PolicyDecision {
  const noun = READ_NOUN[action];
  const notFoundReason = `${noun ?? 'Resource'} not found`;
  if (RESOURCE_KIND[action] !== 'none' && (resource === undefined || resource === null)) {
    return deny('forbidden', 'Nothing to check this permission against');
  }
  let who: SignedIn | null = actor;
  if (actor && actor.status === 'banned') {
    if (!noun) return deny('forbidden', 'Your account has been banned');
    who = null; // a banned actor reads exactly what anonymous reads
  }

  const subject = subjectOf(who, action, resource, context);
  if (subject.story?.authorStatus === 'banned' && !RELATIONS.siteAdmin(subject)) {
    return noun ? deny('not_found', notFoundReason) : deny('forbidden', "This story's author is banned");
  }

  let unmet: Rule<ResourceFor<A>> | null = null;
  for (const grant of POLICY[action] as readonly Grant<ResourceFor<A>>[]) {
    if (!grant.who.some((relation) => RELATIONS[relation](subject))) continue;
    const failed = grant.when.find((rule) => !rule.test(resource as ResourceFor<A>, who));
    if (!failed) return ALLOWED;
    unmet ??= failed;
  }
  if (noun) return deny('not_found', notFoundReason);
  if (unmet) return deny(unmet.code ?? 'conflict', unmet.unmet);
  if (!who) return deny('unauthorized', 'Please sign in first');
  return deny('forbidden', REFUSAL[action]?.(subject) ?? 'You are not allowed to do that');
}

/** May this actor do this action (to this resource)? */
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
