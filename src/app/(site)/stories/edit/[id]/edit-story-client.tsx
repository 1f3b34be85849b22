'use client';

import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { EditorLoading, SignInPrompt, StoryUnavailable } from '@/components/editor/sign-in-prompt';
import { StoryWorkspace } from '@/components/editor/story-workspace';
import { getStory, type Story } from '@/components/stories/story-api';
import { ApiError, toErrorMessage } from '@/lib/api-client';

type Loaded = { id: string; story: Story } | { id: string; status: number; message: string };

export function EditStoryClient({ id }: { id: string }) {
  const { data: session, status } = useSession();
  const userId = session?.user?.id ?? null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    getStory(id, controller.signal)
      .then((story): Loaded => ({ id, story }))
      .catch((error: unknown): Loaded => ({
        id,
        status: error instanceof ApiError ? error.status : 0,
        message: toErrorMessage(error),
      }))
      .then((result) => {
        if (!controller.signal.aborted) setLoaded(result);
      });
    return () => controller.abort();
  }, [id, userId]);

  if (status === 'loading') return <EditorLoading />;
  if (status === 'unauthenticated') return <SignInPrompt action="edit this story" />;
  if (!loaded || loaded.id !== id) return <EditorLoading />;
  if ('status' in loaded) {
    // A malformed id (400) is as missing as an unknown one; other failures can be retried.
    if (loaded.status === 404 || loaded.status === 400) return <StoryUnavailable reason="missing" />;
    return <StoryUnavailable reason="error" message={loaded.message} />;
  }
  // The editor is for whoever may change something in it: the author, or site staff (the excerpt).
  const { canEdit, canEditExcerpt } = loaded.story.can;
  if (!canEdit && !canEditExcerpt) return <StoryUnavailable reason="forbidden" />;
  // Keyed by id: opening another story starts a fresh editor.
  return <StoryWorkspace key={loaded.story.id} initialStory={loaded.story} />;
}
