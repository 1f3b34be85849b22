'use client';

// Autosave of drafts (issue 3): a few seconds after a change, a new story is created as a draft
// (POST /api/posts/new/draft) and an existing draft is saved with the version last read
// (PATCH /api/posts/{id}). A 409 means someone saved it elsewhere: autosave stops and never
// overwrites; the writer is told to reload.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, toErrorMessage } from '@/lib/api-client';
import {
  createStory,
  draftFields,
  updateStory,
  type Story,
  type StoryDraft,
} from '@/components/stories/story-api';

export type AutosavePhase = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';

export type AutosaveOptions = {
  draft: StoryDraft;
  /** The story as last saved, or null for a story not created yet. */
  story: Story | null;
  /** Off for published/scheduled stories (their changes go out only through Save). */
  enabled: boolean;
  /** While a dialog acts on the story, autosave waits. */
  paused: boolean;
  onSaved: (story: Story, created: boolean) => void;
  onConflict: (message: string) => void;
  delayMs?: number;
};

/**
 * What autosave sends: the content without the excerpt, which the author gives once through the
 * Next dialogs (SPEC §5, docs/decisions/002) — an excerpt saved half-typed could not be changed.
 */
function autosavedFields(draft: StoryDraft): Omit<StoryDraft, 'excerpt'> {
  const { excerpt: _given, ...fields } = draftFields(draft);
  return fields;
}
const contentKey = (draft: StoryDraft) => JSON.stringify(autosavedFields(draft));

/** Nothing worth keeping yet: no draft is created for an empty page. */
export function isBlankDraft(draft: StoryDraft): boolean {
  const nodes = (draft.bodyJson.content as { type?: string; content?: unknown[] }[] | undefined) ?? [];
  const bodyEmpty = nodes.every((node) => node.type === 'paragraph' && !node.content?.length);
  return !draft.title.trim() && !draft.excerpt.trim() && !draft.featureImageUrl && bodyEmpty;
}

const RETRY_MS = 15_000;
const retriable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

export function useAutosave({ delayMs = 3000, ...options }: AutosaveOptions) {
  const [phase, setPhase] = useState<AutosavePhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(options);
  const savedKey = useRef<string>(contentKey(options.draft));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const failedKey = useRef<string | null>(null);
  useEffect(() => {
    latest.current = options;
  });

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  const saveNow = useCallback(async (): Promise<void> => {
    clearTimer();
    const { draft, story, enabled, paused, onSaved, onConflict } = latest.current;
    const key = contentKey(draft);
    if (!enabled || paused || inFlight.current || key === savedKey.current) return;
    if (!story && isBlankDraft(draft)) return;
    const fields = autosavedFields(draft);
    setPhase('saving');
    const run = (async () => {
      try {
        const saved = story
          ? await updateStory(story.id, { version: story.version, ...fields })
          : await createStory('draft', { ...fields, excerpt: '' });
        savedKey.current = key;
        setPhase('saved');
        setError(null);
        onSaved(saved, !story);
      } catch (failure) {
        const message = toErrorMessage(failure);
        if (failure instanceof ApiError && failure.status === 409) {
          setPhase('conflict');
          setError(message);
          onConflict(message);
          return;
        }
        // A refusal (400, 403…) is not retried until the content changes; a network or server
        // failure is retried after a pause (the effect below waits RETRY_MS in the error phase).
        if (!retriable(failure)) failedKey.current = key;
        setPhase('error');
        setError(message);
      }
    })();
    inFlight.current = run;
    await run;
    inFlight.current = null;
  }, []);

  // A change (or the end of a save, a pause or a conflict) decides whether a save is due.
  const { draft, enabled, paused } = options;
  useEffect(() => {
    if (!enabled || paused || phase === 'conflict' || phase === 'saving') {
      clearTimer();
      return;
    }
    const key = contentKey(draft);
    if (!timer.current && key !== savedKey.current && key !== failedKey.current) {
      timer.current = setTimeout(() => void saveNow(), phase === 'error' ? RETRY_MS : delayMs);
    }
  }, [draft, enabled, paused, phase, delayMs, saveNow]);

  useEffect(() => clearTimer, []);

  /** Waits for a save in flight and cancels the one waiting (a dialog is about to save). */
  const settle = useCallback(async () => {
    clearTimer();
    if (inFlight.current) await inFlight.current;
  }, []);

  /** The content now counts as saved (a dialog saved it). */
  const markSaved = useCallback((saved: StoryDraft) => {
    savedKey.current = contentKey(saved);
  }, []);

  const isDirty = useCallback(() => contentKey(latest.current.draft) !== savedKey.current, []);

  return { phase, error, settle, markSaved, isDirty };
}
