import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { Providers } from '@/components/providers';
import { VIEWER_HINT_SCRIPT } from '@/components/viewer/viewer-hint';
import { env } from '@/server/lib/env';
import './globals.css';

export const metadata: Metadata = {
  // Every address a page's metadata gives as a path (canonical, hreflang, og:url, images) is made
  // absolute against the public address here, once for every page: search engines and link
  // previews want absolute ones, and a page can no longer forget (issue 19). Pages under a layout
  // of their own inherit it: no layout sets another.
  metadataBase: new URL(env.PUBLIC_URL),
  title: { default: 'Lamplight', template: '%s · Lamplight' },
  description:
    'Lamplight is a home for Christian writers and readers: stories, devotions and publications that bring light to everyday faith.',
  applicationName: 'Lamplight',
};

export const viewport: Viewport = {
  themeColor: '#ffffff',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // suppressHydrationWarning: the hint script below sets data-viewer on <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: VIEWER_HINT_SCRIPT }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
