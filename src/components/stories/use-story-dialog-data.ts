'use client';

// What the story dialogs read besides the story: the acting user as the policy sees them, the
// writer's publications, and the user's relation to the chosen publication (SPEC §5 publish lock).
import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { publicationRoleFromRelation, type Actor, type PublicationRole } from '@/server/auth/policy';
import {
  getMyPublications,
  getPublicationWithRelation,
  getStory,
  type PublicationSummary,
  type Story,
} from './story-api';

/** The session user as the policy's Actor (a banned user has no session, so 'active'). */
export function useActor(): Actor {
  const { data: session, status } = useSession();
  if (status !== 'authenticated' || !session?.user?.id) return null;
  return { id: session.user.id, roles: session.user.roles ?? [], status: 'active' };
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

export type RelationState = { role: PublicationRole; loading: boolean; failed: boolean };

/** The user's role in a publication, from GET /api/publications/{id}?getUserRelation=true. */
export function usePublicationRole(publicationId: string | null): RelationState {
  const [answer, setAnswer] = useState<{ id: string; role: PublicationRole; failed: boolean } | null>(null);
  useEffect(() => {
    if (!publicationId) return;
    const controller = new AbortController();
    getPublicationWithRelation(publicationId, controller.signal)
      .then((publication) => ({ role: publicationRoleFromRelation(publication.userRelation), failed: false }))
      .catch(() => ({ role: null, failed: true }))
      .then((result) => {
        if (!controller.signal.aborted) setAnswer({ id: publicationId, ...result });
      });
    return () => controller.abort();
  }, [publicationId]);
  if (!publicationId) return { role: null, loading: false, failed: false };
  if (answer?.id !== publicationId) return { role: null, loading: true, failed: false };
  return { role: answer.role, loading: false, failed: answer.failed };
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
