// SPEC §2 publication popup: the four features of publications, as the popup, the create page and
// /publication-landing name them.

export type PublicationFeature = {
  id: 'writing' | 'newsletters' | 'subscribers' | 'analytics';
  title: string;
  /** One line, for the popup and the create page. */
  summary: string;
};

export const PUBLICATION_FEATURES: readonly PublicationFeature[] = [
  {
    id: 'writing',
    title: 'Collaborative writing',
    summary: 'Invite authors to submit stories and editors to review and publish them.',
  },
  {
    id: 'newsletters',
    title: 'Free newsletters',
    summary: 'Send your stories to your readers’ inboxes, at no cost.',
  },
  {
    id: 'subscribers',
    title: 'Subscriber management',
    summary: 'Readers subscribe from your pages; sign-ups and unsubscribes are handled for you.',
  },
  {
    id: 'analytics',
    title: 'Insightful analytics',
    summary: 'See how each story and each newsletter is read.',
  },
];
