import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { env } from '@/server/lib/env';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';

// SPEC §2: /daily-newsletter, /publication-landing and /dailydevotion render without the page header
// and without the site's head metadata. Metadata merges shallowly by key, so nulling each key the root
// layout sets leaves these pages with no title template or description of the site's; each page names
// its own document title. They do name the site's feed, as every page of the site does (decision 023):
// the daily devotion and its newsletter are made of the site's stories; /dailydevotion names the
// devotion's publication's feed instead when it has one.
export function generateMetadata(): Metadata {
  return {
    title: null,
    description: null,
    applicationName: null,
    alternates: { types: rssAlternate(env.PUBLIC_URL, feedPaths.site, 'Lamplight') },
  };
}

export default function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="bare-main">
      {children}
    </main>
  );
}
