'use client';

import { ErrorView } from '@/components/layout/error-view';

// Errors inside a (site) page: the header stays usable above this boundary.
export default function SiteError({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorView error={error} retry={retry} />;
}
