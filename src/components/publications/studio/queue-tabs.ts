// The publication studio's three lists (SPEC §4: publication posts split into pending, scheduled and
// published; DESIGN §3 calls pending "Under review"), as the studio's address names them (?tab=…).

export const QUEUE_TABS = ['pending', 'scheduled', 'published'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export const TAB_LABEL: Record<QueueTab, string> = {
  pending: 'Under review',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** The tab an address asks for; anything else is the review queue. */
export function tabFromParam(value: string | string[] | undefined): QueueTab {
  const text = Array.isArray(value) ? value[0] : value;
  return (QUEUE_TABS as readonly string[]).includes(text ?? '') ? (text as QueueTab) : 'pending';
}

/** The studio's address for a tab: the review queue is the bare address. */
export function studioTabHref(publicationId: string, tab: QueueTab): string {
  const base = `/publications/${publicationId}/studio`;
  return tab === 'pending' ? base : `${base}?tab=${tab}`;
}

/**
 * What an empty list says goes there: publication editors see the whole desk, authors their own
 * submissions (the API filters; `reviews` is the publication's canReview capability).
 */
export function emptyText(tab: QueueTab, reviews: boolean, publicationName: string): string {
  if (tab === 'pending') {
    return reviews
      ? `Nothing is waiting for review. When an author submits a story to ${publicationName}, it appears here for you to approve, schedule or reject.`
      : `You have no stories under review. Write a story, choose ${publicationName} in its settings and submit it: it waits here until an editor reviews it.`;
  }
  if (tab === 'scheduled') {
    return reviews
      ? 'No stories are scheduled. Schedule a story from Under review and it waits here until its time comes.'
      : `None of your stories in ${publicationName} is scheduled.`;
  }
  return `Nothing is published in ${publicationName} yet. Approved stories appear here.`;
}
