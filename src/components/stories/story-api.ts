// The story and publication calls the editor and its dialogs make (SPEC §7 Posts and Publications).
// Every call throws ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { apiFetch } from '@/lib/api-client';
import type { Story } from '@/server/modules/posts/posts.schema';
import type { Publication, PublicationSummary } from '@/server/modules/publications/publications.schema';

export type { Story, Publication, PublicationSummary };
export type StoryStatus = Story['status'];

/** What the editor holds: the story's content (tags and placement are the dialogs' business). */
export type StoryDraft = {
  title: string;
  excerpt: string;
  /** The editor's ProseMirror document (Tiptap getJSON()). */
  bodyJson: Record<string, unknown>;
  featureImageUrl: string | null;
};

/** Tags, publication and collection: what the story-settings dialog chooses. */
export type StoryPlacement = {
  tags: { name: string }[];
  publicationId: string | null;
  collectionId: string | null;
};

export type CreateMode = 'draft' | 'publish' | 'schedule';

const json = (method: string, body: unknown) => ({ method, body });
const postPath = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

export const getStory = (id: string, signal?: AbortSignal) => apiFetch<Story>(postPath(id), { signal });

/** POST /api/posts/new/{draft|publish|schedule}. */
export const createStory = (
  mode: CreateMode,
  input: StoryDraft & Partial<StoryPlacement> & { scheduledTime?: number },
) => apiFetch<Story>(`/api/posts/new/${mode}`, json('POST', input));

export type StoryUpdate = Partial<StoryDraft & StoryPlacement> & {
  version: number;
  republish?: boolean;
  submitForReview?: boolean;
};

/** PATCH /api/posts/{id}: 409 when `version` is stale (nothing is overwritten then). */
export const updateStory = (id: string, input: StoryUpdate) =>
  apiFetch<Story>(postPath(id), json('PATCH', input));

export const publishStory = (id: string) =>
  apiFetch<Story>(`/api/posts/manage_posts/publish_post/${encodeURIComponent(id)}`, { method: 'PATCH' });

export const scheduleStory = (id: string, scheduledTime: number) =>
  apiFetch<Story>(
    `/api/posts/manage_posts/schedule_post/${encodeURIComponent(id)}`,
    json('PATCH', { id, scheduledTime }),
  );

export const getMyPublications = (userId: string, signal?: AbortSignal) =>
  apiFetch<{ publications: PublicationSummary[] }>(
    `/api/publications/getPublicationsByUserId?userId=${encodeURIComponent(userId)}`,
    { signal },
  ).then((answer) => answer.publications ?? []);

export const getPublicationWithRelation = (id: string, signal?: AbortSignal) =>
  apiFetch<Publication>(`/api/publications/${encodeURIComponent(id)}?getUserRelation=true`, { signal });

/** The content fields of a draft, as a PATCH or POST sends them. */
export const draftFields = (draft: StoryDraft): StoryDraft => ({
  title: draft.title,
  excerpt: draft.excerpt,
  bodyJson: draft.bodyJson,
  featureImageUrl: draft.featureImageUrl,
});

/** Dialog props shared by story-settings and story-update (see dialog-keys.ts). */
export type StoryDialogProps = {
  /** An existing story; without it story-settings creates a new one. */
  postId?: string;
  /** The story as the opener last read it (its version guards the save); loaded by postId when absent. */
  story?: Story;
  /** The editor's content, saved together with the dialog's action. */
  draft?: StoryDraft;
  /** Told about every successful write, so the opener keeps the current version. */
  onStoryChange?: (story: Story) => void;
};
