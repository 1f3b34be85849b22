import type { Metadata } from 'next';
import type { ReactNode } from 'react';

// SPEC §2: /daily-newsletter, /publication-landing and /dailydevotion render without the page header
// and without the site's head metadata. Metadata merges shallowly by key, so nulling each key the root
// layout sets leaves these pages with no title template or description of the site's; each page names
// its own document title.
export const metadata: Metadata = {
  title: null,
  description: null,
  applicationName: null,
};

export default function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="bare-main">
      {children}
    </main>
  );
}
