import { AppError } from '../../lib/errors';
import { bookName, displayPassage, type DisplayLanguage } from './references/passage-display';
import {
  chaptersOf,
  neighbourChapters,
  passagePath,
  readPassage,
  type PassageKind,
  type ReadPassage,
} from './passages';
import {
  loadTranslation,
  passageText,
  TRANSLATION_NAMES,
  translationFor,
  type Translation,
} from './texts/scripture-texts';

// A passage's text as the site serves it (docs/decisions/045-scripture-texts.md): the preview the
// story page's links show (GET /api/scripture/{osis}) and the passage page's text, chapters and
// neighbours (/scripture/{osis}, docs/decisions/047-passage-pages.md).

/** Verses a preview carries; a longer passage says `more` and links its page. */
export const PREVIEW_VERSES = 5;
/** A passage over more chapters than this is shown as its chapters' links, not as text. */
export const TEXT_CHAPTERS_MAX = 3;

/** The language a translation is written in: what its passages are displayed in. */
export const translationLanguage = (translation: Translation): DisplayLanguage =>
  translation === 'cuv' ? 'zh' : 'en';

/** The passage an address names, or the 404 every reader of a wrong address gets. */
export function readPassageOrThrow(osis: string): ReadPassage {
  const passage = readPassage(osis);
  if (!passage) {
    throw new AppError(
      'not_found',
      'No such passage',
      `${osis.slice(0, 60)}: not a book, chapter or verse of the Bible (OSIS such as John.3.16, Ps.23 or Gen)`,
    );
  }
  return passage;
}

export type PassagePreview = {
  osis: string;
  display: string;
  translation: Translation;
  translationName: string;
  verses: { osis: string; number: number; text: string }[];
  more: boolean;
  url: string;
};

/**
 * GET /api/scripture/{osis}: the passage's first PREVIEW_VERSES verses in the translation, written
 * in its language. A real passage the translation has no verse of (Luke 17:36 in the WEB) has none.
 */
export async function getPassagePreview(osis: string, translation: Translation): Promise<PassagePreview> {
  const passage = readPassageOrThrow(osis);
  const text = await passageText(translation, passage, { limit: PREVIEW_VERSES });
  return {
    osis: passage.osis,
    display: displayPassage(passage.osis, translationLanguage(translation))!,
    translation,
    translationName: TRANSLATION_NAMES[translation],
    verses: (text?.verses ?? []).map(({ osis: verse, number, text: words }) => ({
      osis: verse,
      number,
      text: words,
    })),
    more: text?.more ?? false,
    url: passagePath(passage.osis),
  };
}

export type ChapterGroup = { book: string; name: string; chapters: { osis: string; chapter: number }[] };
type Neighbour = { osis: string; display: string };

export type PassagePageData = {
  osis: string;
  display: string;
  kind: PassageKind;
  language: DisplayLanguage;
  startKey: number;
  endKey: number;
  translation: { id: Translation; name: string; source: string; licence: string };
  /** The text (empty when shown as chapters, or when the translation has none of it). */
  verses: { osis: string; chapter: number; number: number; text: string }[];
  /** Chapter links by book: a book's chapters, or the chapters of a long passage. */
  chapterGroups: ChapterGroup[];
  /** The whole chapter a few verses belong to. */
  chapter: Neighbour | null;
  previous: Neighbour | null;
  next: Neighbour | null;
};

const neighbour = (osis: string, language: DisplayLanguage): Neighbour => ({
  osis,
  display: displayPassage(osis, language)!,
});

/** What the passage page shows of the passage itself, in the reader's language and its translation. */
export async function getPassagePage(
  passage: ReadPassage,
  language: DisplayLanguage,
): Promise<PassagePageData> {
  const translation = translationFor(language);
  const file = await loadTranslation(translation);
  const chapters = chaptersOf(passage);
  const asText = passage.kind !== 'book' && passage.kind !== 'books' && chapters.length <= TEXT_CHAPTERS_MAX;
  const text = asText ? await passageText(translation, passage) : null;
  const groups: ChapterGroup[] = [];
  if (!asText) {
    for (const link of chapters) {
      let group = groups.at(-1);
      if (group?.book !== link.book) {
        group = { book: link.book, name: bookName(link.book, language), chapters: [] };
        groups.push(group);
      }
      group.chapters.push({ osis: link.osis, chapter: link.chapter });
    }
  }
  const around =
    passage.kind === 'chapter' ? neighbourChapters(passage.start.book, passage.start.chapter) : null;
  return {
    osis: passage.osis,
    display: displayPassage(passage.osis, language)!,
    kind: passage.kind,
    language,
    startKey: passage.startKey,
    endKey: passage.endKey,
    translation: { id: translation, name: file.name, source: file.source, licence: file.licence },
    verses: (text?.verses ?? []).map((verse) => ({
      osis: verse.osis,
      chapter: Number(verse.osis.split('.')[1]),
      number: verse.number,
      text: verse.text,
    })),
    chapterGroups: groups,
    chapter: passage.kind === 'verses' ? neighbour(chapters[0].osis, language) : null,
    previous: around?.previous ? neighbour(around.previous.osis, language) : null,
    next: around?.next ? neighbour(around.next.osis, language) : null,
  };
}
