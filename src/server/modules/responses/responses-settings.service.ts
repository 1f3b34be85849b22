import type { Actor } from '../../auth/actor';
import { assertCan } from '../../auth/policy';
import { loadVisibleStory, roleInPublicationOrThrow } from '../posts/posts-access.service';
import {
  findClosedState,
  isPublicationClosed,
  setPublicationClosed,
  setStoryClosed,
} from './responses.repository';
import type {
  PublicationResponsesSettings,
  ResponsesSettingsInput,
  StoryResponsesSettings,
} from './responses.schema';
import { ctxOf, type StoryContext } from './responses.service';

// Responses on or off (issue 25, docs/decisions/053-responses.md): per story by its writer and its
// publication's editors, per publication by its owner and editors.

/** The story whose responses' switch is asked about: any the actor may read, with the policy's yes. */
async function loadStoryForSettings(actor: Actor, postId: string): Promise<StoryContext> {
  const loaded = await loadVisibleStory(actor, postId);
  const s = { story: loaded.resource, role: loaded.role, loaded };
  assertCan(actor, 'response.closeForStory', s.story, ctxOf(s));
  return s;
}

async function storySettings(s: StoryContext): Promise<StoryResponsesSettings> {
  const closed = await findClosedState(s.loaded.row.id);
  return {
    open: !closed.story && !closed.publication,
    closedForStory: closed.story,
    closedByPublication: closed.publication,
  };
}

/** GET /posts/{id}/responses/settings: whether the story takes responses (its writer and editors). */
export async function getStoryResponsesSettings(
  actor: Actor,
  postId: string,
): Promise<StoryResponsesSettings> {
  return storySettings(await loadStoryForSettings(actor, postId));
}

/** PUT /posts/{id}/responses/settings: turns the story's responses off, or on again. */
export async function setStoryResponsesSettings(
  actor: Actor,
  postId: string,
  input: ResponsesSettingsInput,
): Promise<StoryResponsesSettings> {
  const s = await loadStoryForSettings(actor, postId);
  await setStoryClosed(postId, !input.open, actor!.id);
  return storySettings(s);
}

async function assertPublicationSettings(actor: Actor, publicationId: string): Promise<void> {
  const role = await roleInPublicationOrThrow(actor, publicationId);
  assertCan(actor, 'response.closeForPublication', { id: publicationId }, { publicationRole: role });
}

/** GET /publications/{id}/responses/settings: whether its stories take responses (its editors). */
export async function getPublicationResponsesSettings(
  actor: Actor,
  publicationId: string,
): Promise<PublicationResponsesSettings> {
  await assertPublicationSettings(actor, publicationId);
  return { open: !(await isPublicationClosed(publicationId)) };
}

/** PUT /publications/{id}/responses/settings: turns responses off, or on, for all its stories. */
export async function setPublicationResponsesSettings(
  actor: Actor,
  publicationId: string,
  input: ResponsesSettingsInput,
): Promise<PublicationResponsesSettings> {
  await assertPublicationSettings(actor, publicationId);
  await setPublicationClosed(publicationId, !input.open, actor!.id);
  return { open: !(await isPublicationClosed(publicationId)) };
}
