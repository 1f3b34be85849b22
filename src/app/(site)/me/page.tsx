import type { Metadata } from 'next';
import { Suspense } from 'react';
import { StudioClient } from '@/components/studio/studio-client';

export const metadata: Metadata = { title: 'Your studio', robots: { index: false } };

// SPEC §2 /me: the signed-in writer's studio (the story-filter lives in the address: ?status&time&collection&writer).
export default function MePage() {
  return (
    <Suspense fallback={null}>
      <StudioClient />
    </Suspense>
  );
}
