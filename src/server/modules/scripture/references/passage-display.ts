import { OSIS_BOOKS } from './osis-books';
import { parseOsisRange, type VersePoint } from './verse-keys';

// How a passage is written for a reader: "John 3:16", "John 3:16–18", "Psalm 23", "1 Corinthians
// 13–14", "Matthew 28 – Mark 1" in English; "约翰福音 3:16", "诗篇 23" in Chinese (the book names of
// the Chinese Union Version, simplified). The OSIS id stays the key everywhere; this is only text.

export type DisplayLanguage = 'en' | 'zh';

// In OSIS_BOOKS order (Gen … Mal, Matt … Rev).
const ENGLISH = [
  'Genesis',
  'Exodus',
  'Leviticus',
  'Numbers',
  'Deuteronomy',
  'Joshua',
  'Judges',
  'Ruth',
  '1 Samuel',
  '2 Samuel',
  '1 Kings',
  '2 Kings',
  '1 Chronicles',
  '2 Chronicles',
  'Ezra',
  'Nehemiah',
  'Esther',
  'Job',
  'Psalms',
  'Proverbs',
  'Ecclesiastes',
  'Song of Solomon',
  'Isaiah',
  'Jeremiah',
  'Lamentations',
  'Ezekiel',
  'Daniel',
  'Hosea',
  'Joel',
  'Amos',
  'Obadiah',
  'Jonah',
  'Micah',
  'Nahum',
  'Habakkuk',
  'Zephaniah',
  'Haggai',
  'Zechariah',
  'Malachi',
  'Matthew',
  'Mark',
  'Luke',
  'John',
  'Acts',
  'Romans',
  '1 Corinthians',
  '2 Corinthians',
  'Galatians',
  'Ephesians',
  'Philippians',
  'Colossians',
  '1 Thessalonians',
  '2 Thessalonians',
  '1 Timothy',
  '2 Timothy',
  'Titus',
  'Philemon',
  'Hebrews',
  'James',
  '1 Peter',
  '2 Peter',
  '1 John',
  '2 John',
  '3 John',
  'Jude',
  'Revelation',
];

const CHINESE = [
  '创世记',
  '出埃及记',
  '利未记',
  '民数记',
  '申命记',
  '约书亚记',
  '士师记',
  '路得记',
  '撒母耳记上',
  '撒母耳记下',
  '列王纪上',
  '列王纪下',
  '历代志上',
  '历代志下',
  '以斯拉记',
  '尼希米记',
  '以斯帖记',
  '约伯记',
  '诗篇',
  '箴言',
  '传道书',
  '雅歌',
  '以赛亚书',
  '耶利米书',
  '耶利米哀歌',
  '以西结书',
  '但以理书',
  '何西阿书',
  '约珥书',
  '阿摩司书',
  '俄巴底亚书',
  '约拿书',
  '弥迦书',
  '那鸿书',
  '哈巴谷书',
  '西番雅书',
  '哈该书',
  '撒迦利亚书',
  '玛拉基书',
  '马太福音',
  '马可福音',
  '路加福音',
  '约翰福音',
  '使徒行传',
  '罗马书',
  '哥林多前书',
  '哥林多后书',
  '加拉太书',
  '以弗所书',
  '腓立比书',
  '歌罗西书',
  '帖撒罗尼迦前书',
  '帖撒罗尼迦后书',
  '提摩太前书',
  '提摩太后书',
  '提多书',
  '腓利门书',
  '希伯来书',
  '雅各书',
  '彼得前书',
  '彼得后书',
  '约翰一书',
  '约翰二书',
  '约翰三书',
  '犹大书',
  '启示录',
];

if (ENGLISH.length !== OSIS_BOOKS.length || CHINESE.length !== OSIS_BOOKS.length)
  throw new Error('passage-display: a book name list does not match the 66 OSIS books');

const NAMES: Record<DisplayLanguage, Map<string, string>> = {
  en: new Map(OSIS_BOOKS.map((book, index) => [book, ENGLISH[index]])),
  zh: new Map(OSIS_BOOKS.map((book, index) => [book, CHINESE[index]])),
};

/** The book's name in the language; "Psalm" rather than "Psalms" for one psalm. */
export function bookName(book: string, language: DisplayLanguage, singleChapter = false): string {
  const name = NAMES[language].get(book);
  if (!name) throw new Error(`Unknown OSIS book: ${book}`);
  return singleChapter && language === 'en' && book === 'Ps' ? 'Psalm' : name;
}

const DASH = '–';

/**
 * A normalised OSIS passage ('John.3.16', 'Ps.23', 'Gen', 'John.3.16-John.3.18', 'Matt.28-Mark.1')
 * written for a reader; a list ('Rom.8.28,Rom.8.31') is written part by part, joined by "; ".
 * Null when the OSIS is not a passage.
 */
export function displayPassage(osis: string, language: DisplayLanguage): string | null {
  const parts = osis.split(',');
  const shown: string[] = [];
  for (const part of parts) {
    const one = displayRange(part.trim(), language);
    if (one === null) return null;
    shown.push(one);
  }
  return shown.join('; ');
}

function displayRange(osis: string, language: DisplayLanguage): string | null {
  const range = parseOsisRange(osis);
  if (!range) return null;
  const wholeBook = !osis.includes('.') && !osis.includes('-');
  const { start, end } = range;
  if (wholeBook) return bookName(start.book, language);
  const samePoint = osis.split('-').length === 1;
  const singleChapter = samePoint || (start.book === end.book && start.chapter === end.chapter);
  const book = bookName(start.book, language, singleChapter);
  if (samePoint) return `${book} ${point(start)}`;
  if (start.book !== end.book)
    return `${book} ${point(start)} ${DASH} ${bookName(end.book, language)} ${point(end)}`;
  if (start.chapter === end.chapter && start.verse !== null && end.verse !== null)
    return `${book} ${start.chapter}:${start.verse}${DASH}${end.verse}`;
  return `${book} ${point(start)}${DASH}${point(end)}`;
}

function point(at: VersePoint): string {
  return at.verse === null ? String(at.chapter) : `${at.chapter}:${at.verse}`;
}
