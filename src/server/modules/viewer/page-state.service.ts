import type { Actor } from '../../auth/actor';
import { AppError } from '../../lib/errors';
import { followStatesOf } from '../follows/follows.service';
import { unreadCountOf } from '../notifications/notifications.service';
import { getPostOrThrow } from '../posts/posts-read.service';
import { listPublicationsOfUser, publicationStandingOf } from '../publications/publications.service';
import { getUserProfileOrThrow, userHomeCapabilitiesOf } from '../users/users.service';
import type { PageState, PageStateQuery } from './page-state.schema';

/** What the reader may do with a story (its `can` flags), or null when they may not see it. */
async function storyStandingOf(actor: Actor, id: string): Promise<PageState['story']> {
  try {
    return { id, can: (await getPostOrThrow(actor, id)).can };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/** The header's account menu for a signed-in reader. */
async function accountOf(actor: NonNullable<Actor>): Promise<NonNullable<PageState['account']>> {
  const [profile, publications] = await Promise.all([
    getUserProfileOrThrow(actor, actor.id),
    listPublicationsOfUser(actor, actor.id),
  ]);
  return {
    id: profile.id,
    name: profile.name,
    image: profile.image,
    subdomain: profile.subdomain,
    publications: publications.map(({ id, name, image }) => ({ id, name, image })),
  };
}

/** The personal part of the pages asked about, as the policy decides it for this actor. */
export async function getPageState(actor: Actor, query: PageStateQuery): Promise<PageState> {
  const [standing, story, account, follows, unreadNotifications] = await Promise.all([
    query.publication ? publicationStandingOf(actor, query.publication) : undefined,
    query.story ? storyStandingOf(actor, query.story) : null,
    query.account && actor ? accountOf(actor) : null,
    followStatesOf(actor, {
      user: query.followUser,
      publication: query.followPublication,
      tag: query.followTag,
    }),
    query.account && actor ? unreadCountOf(actor) : null,
  ]);
  return {
    signedIn: actor !== null,
    writer: query.writer
      ? { id: query.writer, canEditProfile: userHomeCapabilitiesOf(actor, query.writer).canEditProfile }
      : null,
    publication:
      standing && standing.userRelation && standing.capabilities
        ? { id: standing.id, userRelation: standing.userRelation, capabilities: standing.capabilities }
        : null,
    story,
    account,
    follows,
    unreadNotifications,
  };
}
