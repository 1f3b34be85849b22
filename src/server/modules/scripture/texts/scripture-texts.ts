import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { OSIS_BOOKS, bookOrder } from '../references/osis-books';
import { parseOsisRange } from '../references/verse-keys';

// The passage texts the site serves itself, in public-domain translations: the World English Bible
// and the King James Version for English, the Chinese Union Version (和合本, 1919, simplified
// characters) for Chinese. Each is one brotli-compressed JSON file beside this module, made once by
// scripts/scripture/build-texts.mjs from its source (docs/decisions/045-scripture-texts.md says
// where each came from and its licence). A translation is read the first time it is asked for and
// then kept for the life of the process (measured: 50–70 ms to read, 3–7 MB of heap each).
//
// Verses are numbered with the verse keys of ../references/verse-keys.ts
// (book order × 1,000,000 + chapter × 1,000 + verse), so a passage is a closed interval of keys.

export const TRANSLATIONS = ['web', 'kjv', 'cuv'] as const;
export type Translation = (typeof TRANSLATIONS)[number];

/** What a reader is shown as the translation's name (no file is read for it). */
export const TRANSLATION_NAMES: Record<Translation, string> = {
  web: 'World English Bible',
  kjv: 'King James Version',
  cuv: '和合本',
};

export function isTranslation(value: string): value is Translation {
  return (TRANSLATIONS as readonly string[]).includes(value);
}

/** The translation a story or reader in this language is shown: WEB for English, CUV for Chinese. */
export function translationFor(language: 'en' | 'zh'): Translation {
  return language === 'zh' ? 'cuv' : 'web';
}

export const TEXTS_FOLDER = path.resolve(process.cwd(), 'src/server/modules/scripture/texts');

/** The file the build script writes (see its header for the shape). */
interface TextFile {
  translation: Translation;
  name: string;
  language: 'en' | 'zh';
  source: string;
  licence: string;
  versification: string;
  verses: number;
  books: Record<string, (string | null)[][]>;
}

export interface TranslationText {
  translation: Translation;
  name: string;
  language: 'en' | 'zh';
  /** Where the text came from, and its licence, as the build script recorded them. */
  source: string;
  licence: string;
  versification: string;
  /** Every verse key of the translation, ascending; texts[i] is the text of keys[i]. */
  keys: Int32Array;
  texts: string[];
}

export interface PassageVerse {
  /** 'John.3.16' */
  osis: string;
  number: number;
  text: string;
}

export interface Passage {
  /** The passage asked for, as OSIS: 'John.3.16', 'Ps.23', 'John.3.16-John.3.18'. */
  reference: string;
  translation: Translation;
  verses: PassageVerse[];
  /** True when `limit` cut the passage short (a preview's "read more"). */
  more: boolean;
}

export type KeyRange = { startKey: number; endKey: number };

const unpack = promisify(brotliDecompress);
const loaded = new Map<Translation, Promise<TranslationText>>();

/** The whole translation, read once per process (a failed read is tried again on the next call). */
export function loadTranslation(translation: Translation): Promise<TranslationText> {
  let text = loaded.get(translation);
  if (!text) {
    text = readTranslation(translation);
    loaded.set(translation, text);
    text.catch(() => loaded.delete(translation));
  }
  return text;
}

async function readTranslation(translation: Translation): Promise<TranslationText> {
  const packed = await readFile(path.join(TEXTS_FOLDER, `${translation}.json.br`));
  const file = JSON.parse((await unpack(packed)).toString('utf8')) as TextFile;
  const keys = new Int32Array(file.verses);
  const texts: string[] = new Array<string>(file.verses);
  let count = 0;
  for (const book of OSIS_BOOKS) {
    const base = bookOrder(book) * 1_000_000;
    (file.books[book] ?? []).forEach((verses, chapterIndex) => {
      verses.forEach((text, verseIndex) => {
        if (text === null) return;
        keys[count] = base + (chapterIndex + 1) * 1_000 + verseIndex + 1;
        texts[count] = text;
        count += 1;
      });
    });
  }
  if (count !== file.verses)
    throw new Error(`${translation}: ${count} verses read, the file says ${file.verses}`);
  const { name, language, source, licence, versification } = file;
  return { translation, name, language, source, licence, versification, keys, texts };
}

/**
 * The text of a passage: an OSIS passage as the reference parser writes it ('John.3.16', 'Ps.23',
 * '1Cor.13', 'John.3.16-John.4.2', a list 'Rom.8.28,Rom.8.31') or a range of verse keys. Null when
 * the reference is not a passage or the translation has no verse in it. A verse the translation
 * merged into the one before (the CUV prints Num 1:20–21 as one verse numbered 20) is answered with
 * that verse. `limit` caps the verses returned (`more` then says some were left out).
 */
export async function passageText(
  translation: Translation,
  range: KeyRange | string,
  options: { limit?: number } = {},
): Promise<Passage | null> {
  const ranges = typeof range === 'string' ? parseOsisList(range) : validRange(range) ? [range] : null;
  if (!ranges) return null;
  const text = await loadTranslation(translation);
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const verses: PassageVerse[] = [];
  let more = false;
  for (const { startKey, endKey } of ranges) {
    const found = versesIn(text, startKey, endKey);
    for (const index of found) {
      if (verses.length >= limit) {
        more = true;
        break;
      }
      verses.push(verseAt(text, index));
    }
  }
  if (verses.length === 0) return null;
  const reference = typeof range === 'string' ? range : keyRangeOsis(range);
  return { reference, translation, verses, more };
}

function parseOsisList(osis: string): KeyRange[] | null {
  const parts = osis.split(',');
  if (parts.length > 50) return null;
  const ranges: KeyRange[] = [];
  for (const part of parts) {
    const parsed = parseOsisRange(part.trim());
    if (!parsed) return null;
    ranges.push({ startKey: parsed.startKey, endKey: parsed.endKey });
  }
  return ranges;
}

function validRange({ startKey, endKey }: KeyRange): boolean {
  return (
    Number.isInteger(startKey) &&
    Number.isInteger(endKey) &&
    startKey >= 1_000_000 &&
    startKey <= endKey &&
    endKey < (OSIS_BOOKS.length + 1) * 1_000_000
  );
}

/** Indexes of the verses in [startKey, endKey], or the verse a lone missing verse was merged into. */
function versesIn(text: TranslationText, startKey: number, endKey: number): number[] {
  const { keys } = text;
  const first = lowerBound(keys, startKey);
  const found: number[] = [];
  for (let i = first; i < keys.length && keys[i] <= endKey; i += 1) found.push(i);
  if (found.length > 0) return found;
  // Nothing inside: when verses of the same chapter stand on both sides, the asked verses were
  // merged into the one before (not a chapter or verse past the end, which stays unknown).
  const chapterOf = (key: number) => Math.floor(key / 1_000);
  const before = first - 1;
  if (before >= 0 && first < keys.length && chapterOf(keys[before]) === chapterOf(startKey)) {
    if (chapterOf(keys[first]) === chapterOf(endKey)) return [before];
  }
  return [];
}

function lowerBound(keys: Int32Array, key: number): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle] < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

function verseAt(text: TranslationText, index: number): PassageVerse {
  const key = text.keys[index];
  return { osis: keyOsis(key), number: key % 1_000, text: text.texts[index] };
}

function keyOsis(key: number): string {
  const book = OSIS_BOOKS[Math.floor(key / 1_000_000) - 1];
  return `${book}.${Math.floor((key % 1_000_000) / 1_000)}.${key % 1_000}`;
}

function keyRangeOsis({ startKey, endKey }: KeyRange): string {
  return startKey === endKey ? keyOsis(startKey) : `${keyOsis(startKey)}-${keyOsis(endKey)}`;
}
