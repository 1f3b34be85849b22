// The calls behind the story-update buttons (SPEC §2, §4): Save keeps publishedAt, Republish sets
// it to now, Publish saves a draft's content and then publishes it. Every save carries the version
// the editor last read, so a story changed elsewhere is refused (409), never overwritten.
import {
  draftFields,
  publishStory,
  updateStory,
  type Story,
  type StoryDraft,
  type StoryUpdate,
} from './story-api';

export type UpdateAction = 'save' | 'publish' | 'republish' | 'review';

export type UpdateRequest = {
  action: UpdateAction;
  story: Story;
  draft?: StoryDraft;
  /** The excerpt from the dialog; sent only when the user may edit it there (site staff). */
  excerpt?: string;
  /** Whether the actor may change the content (only the author may: policy story.update). */
  isAuthor: boolean;
  onStoryChange?: (story: Story) => void;
};

export async function applyStoryUpdate({
  action,
  story,
  draft,
  excerpt,
  isAuthor,
  onStoryChange,
}: UpdateRequest) {
  const update: StoryUpdate = {
    version: story.version,
    ...(isAuthor && draft && draftFields(draft)),
    ...(excerpt !== undefined && { excerpt }),
    ...(action === 'republish' && { republish: true }),
    ...(action === 'review' && { submitForReview: true }),
  };
  // Someone who may not change the content (a publication editor publishing) sends no empty save.
  let saved = story;
  if (Object.keys(update).length > 1) {
    saved = await updateStory(story.id, update);
    onStoryChange?.(saved);
  }
  if (action === 'publish') {
    saved = await publishStory(story.id);
    onStoryChange?.(saved);
  }
  return saved;
}
