'use client';

// The editor page's state (SPEC §2 new-story and edit routes): the draft being written, the story as
// last saved, autosave, and the header's Next button — story-settings for a new story, story-update
// when editing. docs/decisions/005-editor-and-uploads.md explains the choices.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { useNextButton } from '@/components/layout/next-button-context';
import type { Story, StoryDraft } from '@/components/stories/story-api';
import type { StorySettingsState } from '@/components/stories/story-settings-actions';
import { useSignedInUserId } from '@/components/stories/use-story-dialog-data';
import { StoryHistoryButton } from '@/components/revisions/story-history-button';
import historyStyles from '@/components/revisions/story-history.module.css';
import { AutosaveStatus } from './autosave-status';
import { StoryEditor } from './story-editor';
import { useAutosave } from './use-autosave';

const EMPTY_DRAFT: StoryDraft = {
  title: '',
  excerpt: '',
  bodyJson: { type: 'doc', content: [] },
  featureImageUrl: null,
};

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
  const signedIn = useSignedInUserId() !== null;
  const { key: openKey, openDialog, showMessage } = useDialog();
  const [story, setStory] = useState<Story | null>(initialStory);
  const [draft, setDraft] = useState<StoryDraft>(() => (initialStory ? draftOf(initialStory) : EMPTY_DRAFT));
  const [initialBody, setInitialBody] = useState(() => initialStory?.bodyJson ?? null);
  // Bumped when a restored version replaces the content: the editor starts again from it.
  const [editorGeneration, setEditorGeneration] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [settings, setSettings] = useState<StorySettingsState | undefined>(undefined);
  // Read after awaits, where the state of the render that started them may be stale.
  const storyRef = useRef(story);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  });

  // What this user may do comes with the story (its `can` flags, from the server's policy); a story
  // not created yet is all the writer's. SPEC §5: the author gives the excerpt while creating the
  // story; once it has one, only site editors and admins change it (docs/decisions/002).
  const isAuthor = !story || story.can.canEdit;
  const working = !story || story.can.canAutosave;
  const excerptEditable = !story || story.can.canEditExcerpt || story.can.canGiveExcerpt;

  const acceptStory = useCallback((saved: Story) => {
    storyRef.current = saved;
    setStory(saved);
  }, []);

  const autosave = useAutosave({
    draft,
    story,
    enabled: signedIn && working,
    paused: openKey === 'story-settings' || openKey === 'story-update' || historyOpen,
    onSaved: (saved, created) => {
      acceptStory(saved);
      // The new story now has an address: keep it in the URL (a reload opens the draft) without
      // remounting the editor under the writer's cursor.
      if (created) window.history.replaceState(null, '', `/stories/edit/${saved.id}`);
    },
    onConflict: (message) => showMessage(message),
  });
  const { settle, markSaved, isDirty } = autosave;

  // Changes not saved yet would be lost by closing the tab; the excerpt is never autosaved (it is
  // given through the Next dialogs), so a typed one counts as unsaved too.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      const excerptUnsaved = draftRef.current.excerpt !== (storyRef.current?.excerpt ?? '');
      if (isDirty() || excerptUnsaved) event.preventDefault();
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
    disabled: !ready || !signedIn,
    onClick: () => void openNext(),
    // Kept free of the words Title and Excerpt, so those labels stay unique on the page.
    ariaLabel: ready ? `Next: open ${target}` : `Next: opens ${target} (not available yet)`,
  });

  // A version restored from the history (decision 039) is the story now: the editor shows it, with
  // the version the restore answered, so the next save is not refused as stale.
  const onRestored = (restored: Story, excerptKept: boolean) => {
    acceptStory(restored);
    const next = draftOf(restored);
    setDraft(next);
    draftRef.current = next;
    markSaved(next);
    setInitialBody(restored.bodyJson);
    setEditorGeneration((n) => n + 1);
    if (excerptKept) {
      showMessage(
        'Restored. The excerpt was kept: once a story has an excerpt, only site editors and admins change it.',
      );
    }
  };

  const statusLine = (
    <AutosaveStatus
      story={story}
      phase={autosave.phase}
      error={autosave.error}
      autosaving={isAuthor && working}
      readOnly={!isAuthor}
    />
  );

  return (
    <StoryEditor
      key={editorGeneration}
      draft={draft}
      onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
      initialBody={initialBody}
      editable={isAuthor}
      excerptEditable={excerptEditable}
      excerptNote={
        excerptEditable ? undefined : 'Only site editors and admins can change the excerpt of a story.'
      }
      status={
        story && isAuthor ? (
          <div className={historyStyles.statusBar}>
            {statusLine}
            <StoryHistoryButton
              story={story}
              current={{ title: draft.title, excerpt: draft.excerpt, bodyJson: draft.bodyJson }}
              beforeOpen={settle}
              onOpenChange={setHistoryOpen}
              onRestored={({ story: restored, excerptRestored }, revision) =>
                onRestored(restored, !excerptRestored && revision.excerpt !== restored.excerpt)
              }
            />
          </div>
        ) : (
          statusLine
        )
      }
    />
  );
}
