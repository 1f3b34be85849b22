import type { Metadata } from 'next';
import { Suspense } from 'react';
import { MyFollowsSection } from '@/components/follows/my-follows-section';
import { MyPlansSection } from '@/components/plans/my-plans-section';
import { StudioClient } from '@/components/studio/studio-client';

export const metadata: Metadata = { title: 'Your studio', robots: { index: false } };

// SPEC §2 /me: the signed-in writer's studio (the story-filter lives in the address: ?status&time&collection&writer).
export default function MePage() {
  return (
    <>
      <Suspense fallback={null}>
        <StudioClient />
      </Suspense>
      {/* The reader's own reading plans (issue 24; docs/decisions/050-reading-plans.md). */}
      <MyPlansSection />
      {/* Whom the reader follows, with Unfollow (issue 25; docs/decisions/052-follows.md). */}
      <MyFollowsSection />
    </>
  );
}
