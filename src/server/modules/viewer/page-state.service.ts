import type { Actor } from '../../auth/actor';
import { publicationStandingOf } from '../publications/publications.service';
import { userHomeCapabilitiesOf } from '../users/users.service';
import type { PageState, PageStateQuery } from './page-state.schema';

/** The personal part of the pages asked about, as the policy decides it for this actor. */
export async function getPageState(actor: Actor, query: PageStateQuery): Promise<PageState> {
  const standing = query.publication ? await publicationStandingOf(actor, query.publication) : undefined;
  return {
    signedIn: actor !== null,
    writer: query.writer
      ? { id: query.writer, canEditProfile: userHomeCapabilitiesOf(actor, query.writer).canEditProfile }
      : null,
    publication:
      standing && standing.userRelation && standing.capabilities
        ? { id: standing.id, userRelation: standing.userRelation, capabilities: standing.capabilities }
        : null,
  };
}
