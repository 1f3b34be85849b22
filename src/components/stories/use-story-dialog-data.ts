'use client';

// What the story dialogs read besides the story: who is signed in, the writer's publications, and
// what the server's policy says they may do with a story placed in the chosen publication (SPEC §5
// publish lock). The dialogs render from those flags; they never work out roles themselves.
import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import type { PlacementCapabilities } from '@/server/auth/policy';
import {
  getMyPublications,
  getPublicationWithRelation,
  getStory,
  type PublicationSummary,
  type Story,
} from './story-api';

/** The signed-in user's id, or null. */
export function useSignedInUserId(): string | null {
  const { data: session, status } = useSession();
  return status === 'authenticated' ? (session?.user?.id ?? null) : null;
}

export function useMyPublications(userId: string | null) {
  const [state, setState] = useState<{ userId: string | null; list: PublicationSummary[] }>({
    userId: null,
    list: [],
  });
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    getMyPublications(userId, controller.signal)
      .catch(() => [] as PublicationSummary[])
      .then((list) => {
        if (!controller.signal.aborted) setState({ userId, list });
      });
    return () => controller.abort();
  }, [userId]);
  return { publications: state.list, loading: Boolean(userId) && state.userId !== userId };
}

export type PlacementState = { can: PlacementCapabilities | null; loading: boolean; failed: boolean };

/**
 * What the user may do with their story in a publication (publish, schedule, or submit for review),
 * from GET /api/publications/{id}?getUserRelation=true. `can` is null without a publication.
 */
export function usePublicationPlacement(publicationId: string | null): PlacementState {
  const [answer, setAnswer] = useState<{
    id: string;
    can: PlacementCapabilities | null;
    failed: boolean;
  } | null>(null);
  useEffect(() => {
    if (!publicationId) return;
    const controller = new AbortController();
    getPublicationWithRelation(publicationId, controller.signal)
      .then((publication) => ({ can: publication.can ?? null, failed: false }))
      .catch(() => ({ can: null, failed: true }))
      .then((result) => {
        if (!controller.signal.aborted) setAnswer({ id: publicationId, ...result });
      });
    return () => controller.abort();
  }, [publicationId]);
  if (!publicationId) return { can: null, loading: false, failed: false };
  if (answer?.id !== publicationId) return { can: null, loading: true, failed: false };
  return { can: answer.can, loading: false, failed: answer.failed };
}

/** The story the dialog acts on: the one given, or loaded by id (e.g. opened from the studio). */
export function useDialogStory(postId: string | undefined, given: Story | undefined) {
  const [loaded, setLoaded] = useState<{ story: Story | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!postId || given) return;
    const controller = new AbortController();
    getStory(postId, controller.signal)
      .then((story) => setLoaded({ story, error: null }))
      .catch((error: Error) => {
        if (!controller.signal.aborted) setLoaded({ story: null, error: error.message });
      });
    return () => controller.abort();
  }, [postId, given]);
  if (!postId) return { story: null, loading: false, error: null };
  if (given) return { story: given, loading: false, error: null };
  return { story: loaded?.story ?? null, loading: loaded === null, error: loaded?.error ?? null };
}
