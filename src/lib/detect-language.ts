// A hint, not a decision: guesses a story's language from its text so the story-settings dialog can
// say "Looks like Chinese" (the writer chooses). Chinese has no spaces, so counting words would
// undercount it; the share of Han characters among the letters is what tells the two apart.

/** The languages a story can be written in (SPEC §9: the default is en). */
export const STORY_LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: 'Chinese (中文)' },
] as const;

export type StoryLanguage = (typeof STORY_LANGUAGES)[number]['code'];

export const DEFAULT_STORY_LANGUAGE: StoryLanguage = 'en';

/** One of the story languages for any code ('zh-TW' → 'zh', 'fr' or nothing → 'en'). */
export function toStoryLanguage(code: string | null | undefined): StoryLanguage {
  return code?.toLowerCase().startsWith('zh') ? 'zh' : DEFAULT_STORY_LANGUAGE;
}

const HAN = /\p{Script=Han}/u;
const LETTER = /\p{L}/u;

/** Below this many letters a guess would be noise (a two-word title says little). */
const MIN_LETTERS = 4;
/**
 * A Han character carries about a word, a Latin letter a fifth of one: a Chinese text with some
 * English names in it still has well over this share, an English text quoting one Chinese phrase
 * has well under it.
 */
const CHINESE_SHARE = 0.3;

/** 'zh' when Han characters make up a large share of the letters, 'en' otherwise, null when too short. */
export function detectLanguage(text: string): StoryLanguage | null {
  let letters = 0;
  let han = 0;
  for (const char of text) {
    if (HAN.test(char)) han += 1;
    else if (!LETTER.test(char)) continue;
    letters += 1;
  }
  if (letters < MIN_LETTERS && han < 2) return null;
  return han / letters >= CHINESE_SHARE ? 'zh' : 'en';
}

/** The plain text of a ProseMirror document (Tiptap getJSON()), for detection only. */
export function documentText(node: unknown, limit = 5_000): string {
  const parts: string[] = [];
  let length = 0;
  const walk = (value: unknown) => {
    if (length >= limit || !value || typeof value !== 'object') return;
    const { text, content } = value as { text?: unknown; content?: unknown };
    if (typeof text === 'string') {
      parts.push(text);
      length += text.length;
    }
    if (Array.isArray(content)) content.forEach(walk);
  };
  walk(node);
  return parts.join(' ').slice(0, limit);
}
