// Pages every reader should be able to find from any page: the site's newsletters (each site topic
// is offered on /daily-newsletter), the daily devotion, the site's feed and how to reach its team.
// The header's Resources menu and the site footer list the same links.
export type SiteLink = { title: string; href: string };

export const SITE_LINKS: SiteLink[] = [
  { title: 'Newsletters', href: '/daily-newsletter' },
  { title: 'Daily devotion', href: '/dailydevotion' },
  { title: 'Publications', href: '/publications' },
  { title: 'RSS', href: '/feed' },
  { title: 'Contact', href: '/contact' },
];
