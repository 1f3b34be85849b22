// What the UI may offer, computed on the server from the matrix and sent with the story: pages and
// components render from these flags and never re-derive roles or states themselves.
import type { Actor } from '../actor';
import { can } from './decide';
import { POLICY } from './matrix';
import { hasSiteRole } from './relations';
import type {
  AccountResource,
  Action,
  NewsletterEntryResource,
  PolicyContext,
  ResourceFor,
  StoryResource,
} from './resources';
import { notOut } from './rules';

/** The ban toggle's two faces (SPEC §4): ban an active account, unban a banned one. */
function banCapabilities(mayBan: boolean, status: AccountResource['status']) {
  return { canBanAuthor: mayBan && status !== 'banned', canUnbanAuthor: mayBan && status === 'banned' };
}

/** What the actor may do to one account from the staff area (the moderation log's unban). */
export function accountCapabilities(actor: Actor, account: AccountResource) {
  return banCapabilities(can(actor, 'user.ban', { id: account.id }), account.status);
}

/** Whether some grant's state rules hold, whoever asks: the story is in a state the action leaves. */
function stateAllows<A extends Action>(action: A, resource: ResourceFor<A>): boolean {
  return POLICY[action].some((grant) => grant.when.every((rule) => rule.test(resource, null)));
}

const LOCKABLE = {
  publish: 'story.publish',
  schedule: 'story.schedule',
  reschedule: 'story.reschedule',
  cancelSchedule: 'story.cancelSchedule',
  republish: 'story.republish',
} as const satisfies Record<string, Action>;
export type LockableStoryAction = keyof typeof LOCKABLE;

export type StoryCapabilities = {
  canEdit: boolean;
  /** Change the excerpt in the story-update dialog: site editors and admins (SPEC §2, §5, §6). */
  canEditExcerpt: boolean;
  /** Give a story that has none its excerpt while writing it (the author, story-settings). */
  canGiveExcerpt: boolean;
  /** Autosave runs while the story is being written; a story that is out changes only through Save. */
  canAutosave: boolean;
  /** Change its publication and collection (story-settings). */
  canMove: boolean;
  canSubmitForReview: boolean;
  canPublish: boolean;
  canSchedule: boolean;
  canReschedule: boolean;
  canCancelSchedule: boolean;
  canRepublish: boolean;
  canUnpublish: boolean;
  canApprove: boolean;
  canReject: boolean;
  canDelete: boolean;
  /** Ban the story's author (SPEC §2 story-actions: site admins, on other users' stories). */
  canBanAuthor: boolean;
  /** Unban it: the same people, when the author is banned (the menu's label follows the status). */
  canUnbanAuthor: boolean;
  /** 'Add to newsletter' in story-actions (SPEC §4: newsletters on, in the publication, out or due, not in one). */
  canAddToNewsletter: boolean;
  /**
   * SPEC §5 locks: actions the story's state allows but this writer may not do in its publication
   * (shown disabled, not hidden). Only ever set for someone who may edit the story.
   */
  locked: LockableStoryAction[];
};

/** What newsletter.add needs to know beyond the story: its publication's switch, and whether it is in one. */
export type StoryNewsletterFacts = { hasNewsletters: boolean; isInNewsletter: boolean };

/**
 * The actor's capabilities on a story; ctx carries their role in the story's publication, `newsletter`
 * the facts newsletter.add needs (without them 'Add to newsletter' is not offered).
 */
export function storyCapabilities(
  actor: Actor,
  story: StoryResource,
  ctx: PolicyContext,
  newsletter?: StoryNewsletterFacts,
): StoryCapabilities {
  const may = (action: Action & `story.${string}`) => can(actor, action, story, ctx);
  const canEdit = may('story.update');
  const mayBan = can(actor, 'user.ban', { id: story.authorId });
  const flags = {
    canEdit,
    canEditExcerpt: may('story.editExcerpt'),
    canGiveExcerpt: may('story.giveExcerpt'),
    canAutosave: canEdit && notOut.test(story, null),
    canMove: may('story.move'),
    canSubmitForReview: may('story.submitForReview'),
    canPublish: may('story.publish'),
    canSchedule: may('story.schedule'),
    canReschedule: may('story.reschedule'),
    canCancelSchedule: may('story.cancelSchedule'),
    canRepublish: may('story.republish'),
    canUnpublish: may('story.unpublish'),
    canApprove: may('story.approve'),
    canReject: may('story.reject'),
    canDelete: may('story.delete'),
    ...banCapabilities(mayBan, story.authorStatus),
    canAddToNewsletter:
      newsletter !== undefined &&
      story.publicationId !== null &&
      can(
        actor,
        'newsletter.add',
        {
          publicationId: story.publicationId,
          hasNewsletters: newsletter.hasNewsletters,
          story: { ...story, isInNewsletter: newsletter.isInNewsletter },
        },
        ctx,
      ),
  };
  const locked = canEdit
    ? (Object.keys(LOCKABLE) as LockableStoryAction[]).filter(
        (name) => !may(LOCKABLE[name]) && stateAllows(LOCKABLE[name], story),
      )
    : [];
  return { ...flags, locked };
}

/**
 * For queries over many rows, the SQL filter that mirrors story.read and list.read (the policy
 * decides; the filter only keeps the row count small): who is looking, and whether they see the
 * stories and lists of banned writers (site admins do, DESIGN §5).
 */
export type ReadScope = { viewerId: string; seesBannedWriters: boolean } | null;
export function readScopeOf(actor: Actor): ReadScope {
  if (!actor || actor.status === 'banned') return null;
  return { viewerId: actor.id, seesBannedWriters: hasSiteRole(actor, 'admin') };
}

/** What the staff area (/admin) offers this actor; canOpen false: the area is a 404 for them. */
export type StaffCapabilities = {
  canOpen: boolean;
  canEditExcerpts: boolean;
  canSearchAllPosts: boolean;
  canSetCuratedSets: boolean;
  canManageSubtopics: boolean;
  canBanUsers: boolean;
  canManageSiteRoles: boolean;
  /** The verse of the day's list (decision 049). */
  canManageDailyVerses: boolean;
};
export function staffCapabilities(actor: Actor): StaffCapabilities {
  // Any other writer's published story stands for "any story" here.
  const someStory: StoryResource = {
    authorId: '',
    status: 'published',
    publicationId: null,
    authorStatus: 'active',
    hasExcerpt: true,
  };
  return {
    canOpen: can(actor, 'staff.openArea'),
    canEditExcerpts: can(actor, 'story.editExcerpt', someStory),
    canSearchAllPosts: can(actor, 'post.searchAll'),
    canSetCuratedSets: can(actor, 'curation.set'),
    canManageSubtopics: can(actor, 'subtopic.manage'),
    canBanUsers: can(actor, 'user.ban', { id: '' }),
    canManageSiteRoles: can(actor, 'user.changeSiteRole', {
      id: '',
      role: 'editor',
      grant: true,
      adminsAfter: 1,
    }),
    canManageDailyVerses: can(actor, 'scripture.manageDailyVerses'),
  };
}

/**
 * What a writer may do with a story of their own that is not out yet once it is placed in this
 * publication (story-settings, SPEC §5 locks): publish and schedule it, or only submit it for review.
 */
export type PlacementCapabilities = {
  canPublishStories: boolean;
  canScheduleStories: boolean;
  submitsStoriesForReview: boolean;
};
export function placementCapabilities(
  actor: Actor,
  publicationId: string,
  ctx: PolicyContext,
): PlacementCapabilities {
  const draft: StoryResource = {
    authorId: actor?.id ?? '',
    status: 'draft',
    publicationId,
    authorStatus: 'active',
    hasExcerpt: true,
  };
  return {
    canPublishStories: can(actor, 'story.publish', draft, ctx),
    canScheduleStories: can(actor, 'story.schedule', draft, ctx),
    submitsStoriesForReview: can(actor, 'story.submitForReview', draft, ctx),
  };
}

/** What the actor may do with the publication itself (its pages, menus and studio render from these). */
export type PublicationCapabilities = {
  canOpenStudio: boolean;
  canReview: boolean;
  canOpenAdmin: boolean;
  canEditProfile: boolean;
  canManageCollections: boolean;
  /** Newsletter on/off and description, the newsletters list and its stats (DESIGN §4). */
  canManageNewsletters: boolean;
  canManageContributors: boolean;
  canChangeRoles: boolean;
  canDelete: boolean;
  canSubmitStories: boolean;
};
export function publicationCapabilities(
  actor: Actor,
  publicationId: string,
  ctx: PolicyContext,
): PublicationCapabilities {
  const may = (action: Action & `publication.${string}`) => can(actor, action, { id: publicationId }, ctx);
  return {
    canOpenStudio: may('publication.openStudio'),
    canReview: may('publication.viewStudio'),
    canOpenAdmin: may('publication.openAdmin'),
    canEditProfile: may('publication.updateProfile'),
    canManageCollections: may('publication.manageCollections'),
    canManageNewsletters: may('publication.manageNewsletterSettings'),
    canManageContributors: may('publication.manageContributors'),
    canChangeRoles: may('publication.changeRole'),
    canDelete: may('publication.delete'),
    canSubmitStories: may('publication.submitStory'),
  };
}

/** What the actor may do with a newsletter entry (the operations menu and its dialogs render from these). */
export type NewsletterEntryCapabilities = {
  canSchedule: boolean;
  canReschedule: boolean;
  canCancel: boolean;
  canRemove: boolean;
};
export function newsletterEntryCapabilities(
  actor: Actor,
  entry: NewsletterEntryResource,
  ctx: PolicyContext,
): NewsletterEntryCapabilities {
  return {
    canSchedule: can(actor, 'newsletter.schedule', entry, ctx),
    canReschedule: can(actor, 'newsletter.reschedule', entry, ctx),
    canCancel: can(actor, 'newsletter.cancel', entry, ctx),
    canRemove: can(actor, 'newsletter.remove', entry, ctx),
  };
}
