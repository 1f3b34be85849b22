import { randomUUID } from 'node:crypto';
import { customAlphabet } from 'nanoid';

// DESIGN §2: users, publications and most other rows use UUID v4 (36 characters);
// stories use a 21-character URL-safe nanoid so the story page can take the last 21 characters.
export const newUuid = (): string => randomUUID();
export const STORY_ID_LENGTH = 21;
export const newStoryId = customAlphabet(
  '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-',
  STORY_ID_LENGTH,
);
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const STORY_ID_RE = /^[0-9A-Za-z_-]{21}$/;
