import type { Metadata } from 'next';
import { NotFoundView } from '@/components/layout/not-found-view';
import { env } from '@/server/lib/env';

export const metadata: Metadata = { title: 'Page not found' };

// notFound() inside a (site) page: keeps the header.
export default function SiteNotFound() {
  return <NotFoundView searchUrl={env.SEARCH_URL} />;
}
