// How the actor stands to the resource: the "who" column of the matrix.
import type { Actor } from '../actor';
import type { PublicationRole, StoredSiteRole } from '../roles';
import type {
  ListResource,
  ResourceOfKind,
  ResponseResource,
  StoryResource,
  UserResource,
} from './resources';

export type SignedIn = NonNullable<Actor>;

export type Subject = {
  actor: SignedIn | null;
  resource: unknown;
  kind: keyof ResourceOfKind;
  /** The story concerned (story.* and newsletter.add), if any. */
  story: StoryResource | null;
  /** The actor's role in the publication concerned; null when no publication is concerned. */
  publicationRole: PublicationRole | null;
};

const isAuthor = (s: Subject) => s.actor !== null && s.story !== null && s.story.authorId === s.actor.id;
export const hasSiteRole = (actor: Actor, role: StoredSiteRole) => !!actor && actor.roles.includes(role);

export const RELATIONS = {
  /** Everyone, signed in or not. */
  anyone: () => true,
  /** Any active signed-in user (site role 'user' or above). */
  signedIn: (s: Subject) => s.actor !== null,
  /** The story's author. */
  author: isAuthor,
  /** The story's author, the story being outside any publication. */
  soloAuthor: (s: Subject) => isAuthor(s) && s.story?.publicationId === null,
  /** The story's author who is an author (not an editor) of its publication: goes through review. */
  contributor: (s: Subject) => isAuthor(s) && s.publicationRole === 'author',
  publicationAuthor: (s: Subject) => s.publicationRole === 'author',
  publicationEditor: (s: Subject) => s.publicationRole === 'editor',
  publicationOwner: (s: Subject) => s.publicationRole === 'owner',
  /** The list's owner. */
  listOwner: (s: Subject) => s.kind === 'list' && s.actor?.id === (s.resource as ListResource).ownerId,
  /** The user acted upon (or looked at) is the actor. */
  self: (s: Subject) =>
    (s.kind === 'user' || s.kind === 'account') && s.actor?.id === (s.resource as UserResource).id,
  /** The response's writer (issue 25). */
  responseAuthor: (s: Subject) =>
    s.kind === 'response' && s.actor?.id === (s.resource as ResponseResource).authorId,
  siteEditor: (s: Subject) => hasSiteRole(s.actor, 'editor'),
  siteAdmin: (s: Subject) => hasSiteRole(s.actor, 'admin'),
} satisfies Record<string, (s: Subject) => boolean>;
export type Who = keyof typeof RELATIONS;
