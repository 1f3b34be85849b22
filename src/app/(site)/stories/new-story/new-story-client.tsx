'use client';

import { useSession } from 'next-auth/react';
import { EditorLoading, SignInPrompt } from '@/components/editor/sign-in-prompt';
import { StoryWorkspace } from '@/components/editor/story-workspace';

export function NewStoryClient() {
  const { status } = useSession();
  if (status === 'loading') return <EditorLoading />;
  if (status === 'unauthenticated') return <SignInPrompt />;
  return <StoryWorkspace initialStory={null} />;
}
