'use client';

// The editor page's state (SPEC §2 new-story and edit routes): the draft being written, the story as
// last saved, autosave, and the header's Next button — story-settings for a new story, story-update
// when editing. docs/decisions/005-editor-and-uploads.md explains the choices.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useNextButton } from '@/components/layout/next-button-context';
import type { Story, StoryDraft } from '@/components/stories/story-api';
import type { StorySettingsState } from '@/components/stories/story-settings-actions';
import { useActor } from '@/components/stories/use-story-dialog-data';
import { isSiteAdmin, isSiteEditor } from '@/server/auth/policy';
import { AutosaveStatus } from './autosave-status';
import { StoryEditor } from './story-editor';
import { useAutosave } from './use-autosave';

const EMPTY_DRAFT: StoryDraft = {
  title: '',
  excerpt: '',
  bodyJson: { type: 'doc', content: [] },
  featureImageUrl: null,
};
const WORKING_STATUSES: readonly string[] = ['draft', 'pending', 'rejected'];

const draftOf = (story: Story): StoryDraft => ({
  title: story.title,
  excerpt: story.excerpt,
  bodyJson: story.bodyJson,
  featureImageUrl: story.featureImageUrl,
});

export type StoryWorkspaceProps = {
  /** The story to edit (edit route), or null to write a new one (new-story route). */
  initialStory: Story | null;
};

export function StoryWorkspace({ initialStory }: StoryWorkspaceProps) {
  const mode = initialStory ? 'edit' : 'new';
  const actor = useActor();
  const { key: openKey, openDialog, showMessage } = useDialog();
  const [story, setStory] = useState<Story | null>(initialStory);
  const [draft, setDraft] = useState<StoryDraft>(() => (initialStory ? draftOf(initialStory) : EMPTY_DRAFT));
  const [initialBody] = useState(() => initialStory?.bodyJson ?? null);
  const [settings, setSettings] = useState<StorySettingsState | undefined>(undefined);
  // Read after awaits, where the state of the render that started them may be stale.
  const storyRef = useRef(story);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  });

  const staff = isSiteAdmin(actor) || isSiteEditor(actor);
  const isAuthor = !story || story.author.id === actor?.id;
  const working = !story || WORKING_STATUSES.includes(story.status);
  // SPEC §5 and the server's rule: the author writes the excerpt until the story goes out, then staff.
  const excerptEditable = (isAuthor && working) || staff;

  const acceptStory = useCallback((saved: Story) => {
    storyRef.current = saved;
    setStory(saved);
  }, []);

  const autosave = useAutosave({
    draft,
    story,
    enabled: Boolean(actor) && isAuthor && working,
    paused: openKey === 'story-settings' || openKey === 'story-update',
    includeExcerpt: isAuthor && working,
    onSaved: (saved, created) => {
      acceptStory(saved);
      // The new story now has an address: keep it in the URL (a reload opens the draft) without
      // remounting the editor under the writer's cursor.
      if (created) window.history.replaceState(null, '', `/stories/edit/${saved.id}`);
    },
    onConflict: (message) => showMessage(message),
  });
  const { settle, markSaved, isDirty } = autosave;

  // Changes not saved yet would be lost by closing the tab.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const onStoryChange = useCallback(
    (saved: Story) => {
      acceptStory(saved);
      markSaved(draftRef.current);
    },
    [acceptStory, markSaved],
  );

  const openSettings = useCallback(() => {
    const current = storyRef.current;
    openDialog('story-settings', {
      postId: current?.id,
      story: current ?? undefined,
      draft: isAuthor ? draftRef.current : undefined,
      settings,
      onSettingsChange: setSettings,
      onStoryChange,
    });
  }, [openDialog, isAuthor, settings, onStoryChange]);

  const openNext = async () => {
    await settle(); // the dialog saves with the version of the last autosave
    const current = storyRef.current;
    if (mode === 'new' || !current) {
      openSettings();
      return;
    }
    openDialog('story-update', {
      postId: current.id,
      story: current,
      draft: isAuthor ? draftRef.current : undefined,
      onStoryChange,
      openSettings: working && isAuthor ? openSettings : undefined,
    });
  };

  const ready = draft.title.trim() !== '' && draft.excerpt.trim() !== '';
  const target = mode === 'new' ? 'story settings' : 'story update';
  useNextButton({
    disabled: !ready || !actor,
    onClick: () => void openNext(),
    // Kept free of the words Title and Excerpt, so those labels stay unique on the page.
    ariaLabel: ready ? `Next: open ${target}` : `Next: opens ${target} (not available yet)`,
  });

  return (
    <StoryEditor
      draft={draft}
      onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
      initialBody={initialBody}
      editable={isAuthor}
      excerptEditable={excerptEditable}
      excerptNote={
        excerptEditable
          ? undefined
          : 'Only site editors and admins can change the excerpt once a story is out.'
      }
      status={
        <AutosaveStatus
          story={story}
          phase={autosave.phase}
          error={autosave.error}
          autosaving={isAuthor && working}
          readOnly={!isAuthor}
        />
      }
    />
  );
}
