import { defineEvent } from '../../lib/events';

// What the responses module tells the modules built on it (src/server/lib/events.ts):
// notifications tell the story's writer, the parent's author and those mentioned. Emitted after the
// response committed.

/** A reader responded to a story, or replied to a response. */
export const responseCreated = defineEvent<{
  responseId: string;
  postId: string;
  authorId: string;
  /** The story's writer. */
  storyAuthorId: string;
  /** For a reply: the response it answers, and that response's author. */
  parentId: string | null;
  parentAuthorId: string | null;
  /** Users mentioned by @handle in the text (existing, not banned, not the author), at most 10. */
  mentionedUserIds: string[];
}>('response.created');

/** A response is gone for good (deleted by its author); notifications about it go with it by cascade. */
export const responseDeleted = defineEvent<{ responseId: string; postId: string }>('response.deleted');
