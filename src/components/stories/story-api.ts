// The story and publication calls the editor and its dialogs make (SPEC §7 Posts and Publications).
// Every call throws ApiError, whose message already reads 'ERROR: …' (SPEC §8).
import { api, abortable, call } from '@/lib/api-client';
import type { KeysetPage } from '@/components/hooks/use-keyset-list';
import type { Story, StoryPage, StorySummary } from '@/server/modules/posts/posts.schema';
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

/** Tags, publication, collection and language: what the story-settings dialog chooses. */
export type StoryPlacement = {
  tags: { name: string }[];
  publicationId: string | null;
  collectionId: string | null;
  languageCode: string;
};

export type CreateMode = 'draft' | 'publish' | 'schedule';

const posts = api.posts;
/** The fields as the API's schema types them: the editor's document is a 'doc' (Tiptap's getJSON()). */
function withDocument<T extends { bodyJson?: Record<string, unknown> }>({ bodyJson, ...rest }: T) {
  const content = bodyJson?.content;
  return {
    ...rest,
    ...(bodyJson && {
      bodyJson: { ...bodyJson, type: 'doc' as const, content: Array.isArray(content) ? content : undefined },
    }),
  };
}

export const getStory = (id: string, signal?: AbortSignal) =>
  call(posts[':id'].$get({ param: { id } }, abortable(signal)));

type CreateInput = StoryDraft & Partial<StoryPlacement> & { scheduledTime?: number };

/** POST /api/posts/new/{draft|publish|schedule}. */
export function createStory(mode: CreateMode, input: CreateInput): Promise<Story> {
  const json = withDocument(input);
  if (mode === 'schedule') {
    const { scheduledTime } = input;
    if (scheduledTime === undefined) throw new Error('A scheduled story needs its time');
    return call(posts.new.schedule.$post({ json: { ...json, scheduledTime } }));
  }
  return call(posts.new[mode].$post({ json }));
}

export type StoryUpdate = Partial<StoryDraft & StoryPlacement> & {
  version: number;
  excerpt?: string;
  republish?: boolean;
  submitForReview?: boolean;
};

/** PATCH /api/posts/{id}: 409 when `version` is stale (nothing is overwritten then). */
export const updateStory = (id: string, input: StoryUpdate) =>
  call(posts[':id'].$patch({ param: { id }, json: withDocument(input) }));

export const publishStory = (id: string) =>
  call(posts.manage_posts.publish_post[':id'].$patch({ param: { id } }));

export const scheduleStory = (id: string, scheduledTime: number) =>
  call(posts.manage_posts.schedule_post[':id'].$patch({ param: { id }, json: { id, scheduledTime } }));

export const getMyPublications = (userId: string, signal?: AbortSignal) =>
  call(api.publications.getPublicationsByUserId.$get({ query: { userId } }, abortable(signal))).then(
    (answer) => answer.publications,
  );

export const getPublicationWithRelation = (id: string, signal?: AbortSignal) =>
  call(
    api.publications[':id'].$get({ param: { id }, query: { getUserRelation: 'true' } }, abortable(signal)),
  );

/** A page of stories as the "load more" hook takes it. */
export const storyKeysetPage = (page: StoryPage): KeysetPage<StorySummary> => ({
  items: page.posts,
  lastKey: page.lastKey,
});

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
