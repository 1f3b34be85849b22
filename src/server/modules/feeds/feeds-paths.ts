import { absoluteUrl } from './feeds-xml';

// Where each feed lives, and the <link rel="alternate" type="application/rss+xml"> a page with a
// feed puts in its head (Next's metadata `alternates.types`). No database here: pages import it.

export const feedPaths = {
  site: '/feed',
  writer: (subdomain: string) => `/@${subdomain}/feed`,
  publication: (subdomain: string) => `/${subdomain}/feed`,
  tag: (slug: string) => `/tags/${encodeURIComponent(slug)}/feed`,
  /** A scripture passage's (issue 24): the stories citing it. */
  passage: (osis: string) => `/scripture/${osis}/feed`,
};

/** metadata.alternates.types for a page whose feed is at `path`, titled for feed readers. */
export const rssAlternate = (publicUrl: string, path: string, title: string) => ({
  'application/rss+xml': [{ url: absoluteUrl(publicUrl, path), title }],
});
