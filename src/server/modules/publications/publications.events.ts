import { defineEvent } from '../../lib/events';

// What the publications module tells the modules built on it (src/server/lib/events.ts).

/**
 * A publication is gone, with everything of it the database cascades to: its collections,
 * memberships, subdomain claim, newsletter entries and stories. Emitted after the delete committed.
 */
export const publicationDeleted = defineEvent<{ publicationId: string }>('publication.deleted');
