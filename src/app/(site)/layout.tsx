import type { ReactNode } from 'react';
import { Header } from '@/components/layout/header';
import { MobileFooter } from '@/components/layout/mobile-footer';
import { NextButtonProvider } from '@/components/layout/next-button-context';
import { PublicationPopupOpener } from '@/components/publications/public/publication-popup-opener';

// Pages with the site header and the mobile footer (SPEC §2).
export default function SiteLayout({ children }: { children: ReactNode }) {
  // DESIGN §10: the header's search site; the platform's own /search unless configured.
  const searchUrl = process.env.SEARCH_URL || '/search';
  return (
    <NextButtonProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header searchUrl={searchUrl} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <MobileFooter />
      {/* SPEC §4 promotional popup (not on the editor routes nor /publications/create). */}
      <PublicationPopupOpener />
    </NextButtonProvider>
  );
}
