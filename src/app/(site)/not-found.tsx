import type { Metadata } from 'next';
import { NotFoundView } from '@/components/layout/not-found-view';

export const metadata: Metadata = { title: 'Page not found' };

// notFound() inside a (site) page: keeps the header.
export default function SiteNotFound() {
  return <NotFoundView />;
}
