import type { Metadata } from 'next';
import { NotFoundView } from '@/components/layout/not-found-view';
import { env } from '@/server/lib/env';

export const metadata: Metadata = { title: 'Page not found' };

// Unmatched URLs: rendered in the root layout only, so it brings its own brand link.
export default function NotFound() {
  return (
    <main id="main">
      <NotFoundView searchUrl={env.SEARCH_URL} standalone />
    </main>
  );
}
