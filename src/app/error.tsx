'use client';

import { ErrorView } from '@/components/layout/error-view';

// Catches errors outside the (site) group (the (bare) pages); (site) has its own boundary under the header.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main">
      <ErrorView error={error} retry={retry} standalone />
    </main>
  );
}
