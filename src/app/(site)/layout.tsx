import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Header } from '@/components/layout/header';
import { MobileFooter } from '@/components/layout/mobile-footer';
import { NextButtonProvider } from '@/components/layout/next-button-context';
import { SiteFooter } from '@/components/layout/site-footer';
import { PublicationPopupOpener } from '@/components/publications/public/publication-popup-opener';
import { env } from '@/server/lib/env';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';

// The site's RSS feed on every page (a page with a feed of its own names that one instead).
export function generateMetadata(): Metadata {
  return { alternates: { types: rssAlternate(env.PUBLIC_URL, feedPaths.site, 'Lamplight') } };
}

// Pages with the site header and the mobile footer (SPEC §2).
export default function SiteLayout({ children }: { children: ReactNode }) {
  // DESIGN §10: the header's search site; the platform's own /search unless configured.
  const searchUrl = env.SEARCH_URL;
  return (
    <NextButtonProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header searchUrl={searchUrl} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <MobileFooter searchUrl={searchUrl} />
      {/* SPEC §4 promotional popup (not on the editor routes nor /publications/create). */}
      <PublicationPopupOpener />
    </NextButtonProvider>
  );
}
