// The calls behind the story-settings buttons (SPEC §2, §4; DESIGN §3): a new story is created in
// one POST; an existing one (autosaved draft, or opened from the studio) is saved with its version
// first and then published or scheduled, so nothing the writer typed is lost or overwritten.
import type { StoryLanguage } from '@/lib/detect-language';
import { storyPath } from '@/lib/slug';
import {
  createStory,
  draftFields,
  getStory,
  publishStory,
  scheduleStory,
  updateStory,
  type Story,
  type StoryDraft,
  type StoryUpdate,
} from './story-api';

export type SettingsAction = 'publish' | 'schedule' | 'draft' | 'save';

/** The settings the dialog edits; the editor keeps them while the dialog is closed. */
export type StorySettingsState = {
  tags: string[];
  publicationId: string | null;
  collectionId: string | null;
  scheduleOn: boolean;
  /** datetime-local value, UTC. */
  scheduleAt: string;
  /** The story's language: how its dates read and which readers' feeds it joins. */
  languageCode: StoryLanguage;
};

export type SettingsRequest = {
  action: SettingsAction;
  postId?: string;
  story: Story | null;
  draft?: StoryDraft;
  settings: StorySettingsState;
  scheduledTime?: number;
  /** A publication_author saving a draft: it goes to the publication's review (DESIGN §3). */
  forReview: boolean;
  onStoryChange?: (story: Story) => void;
};

const EMPTY_DRAFT: StoryDraft = {
  title: '',
  excerpt: '',
  bodyJson: { type: 'doc', content: [] },
  featureImageUrl: null,
};

export async function applyStorySettings(request: SettingsRequest): Promise<Story> {
  const { action, postId, settings, draft, onStoryChange } = request;
  const placement = {
    tags: settings.tags.map((name) => ({ name })),
    publicationId: settings.publicationId,
    collectionId: settings.publicationId ? settings.collectionId : null,
    languageCode: settings.languageCode,
  };
  if (!postId) {
    const mode = action === 'publish' || action === 'schedule' ? action : 'draft';
    const created = await createStory(mode, {
      ...draftFields(draft ?? EMPTY_DRAFT),
      ...placement,
      ...(mode === 'schedule' && { scheduledTime: request.scheduledTime }),
    });
    onStoryChange?.(created);
    return created;
  }

  const story = request.story ?? (await getStory(postId));
  const samePublication = story.publicationId === placement.publicationId;
  const update: StoryUpdate = {
    version: story.version,
    ...(draft && draftFields(draft)),
    ...placement,
    ...(action === 'draft' &&
      request.forReview &&
      samePublication &&
      story.can.canSubmitForReview && { submitForReview: true }),
  };
  let saved = await updateStory(postId, update);
  onStoryChange?.(saved);
  if (action === 'publish' || action === 'schedule') {
    saved =
      action === 'publish' ? await publishStory(postId) : await scheduleStory(postId, request.scheduledTime!);
    onStoryChange?.(saved);
  }
  return saved;
}

/** SPEC §4 "the user goes to a stored return page": the story once it is out, the studio otherwise. */
export function pageAfter(story: Story): string {
  return story.publishedAt !== null ? storyPath(story) : '/me'; // SPEC §4: published = publishedAt set
}
