// Builds the passage texts the site serves (src/server/modules/scripture/texts/<translation>.json.br)
// from their public-domain sources. Run once when a source changes, then commit the .json.br files;
// the site only reads them (docs/decisions/045-scripture-texts.md says where each came from).
//
//   apt-get install diatheke sword-text-web sword-text-kjv      # the English sources (Debian)
//   npx tsx scripts/scripture/build-texts.mjs                   # web + kjv
//   npx tsx scripts/scripture/build-texts.mjs --cuv-dir <bible-data>/versions/zh/cuvs/books
//                                                               # + cuv from the dataset's book files
//                                                               # (midvash/bible-data at commit 1b9b248)
//   options: --only web,kjv,cuv   --out <folder>
//
// One format for every translation: { translation, name, language, source, licence, versification,
// verses, books: { <OSIS book id>: [ [<verse 1 text>, <verse 2 text> …] per chapter ] } } where a
// verse the translation does not have (merged into its neighbour, or left empty) is null.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { OSIS_BOOKS, chapterCount } from '../../src/server/modules/scripture/references/osis-books.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_OUT = path.join(ROOT, 'src/server/modules/scripture/texts');

const SOURCES = {
  web: {
    name: 'World English Bible',
    language: 'en',
    sword: 'engWEB2015eb',
    source:
      "Debian package sword-text-web 426.0-1 (CrossWire SWORD module engWEB2015eb, eBible.org's 2020 stable text), exported with diatheke -f OSIS",
    licence:
      'Public Domain (module DistributionLicense). "World English Bible" is a trademark of eBible.org: the text must not be changed under that name.',
    versification: 'NRSVA (empty verse slots dropped; Protestant canon only)',
  },
  kjv: {
    name: 'King James Version',
    language: 'en',
    sword: 'engKJV2006eb',
    source:
      'Debian package sword-text-kjv 14.3-1 (CrossWire SWORD module engKJV2006eb, 1769 standard text), exported with diatheke -f OSIS',
    licence:
      'Public Domain (module DistributionLicense); Crown letters patent restrict printing in the United Kingdom only.',
    versification: 'KJV',
  },
  cuv: {
    name: '和合本 (Chinese Union Version, 1919), simplified characters',
    language: 'zh',
    source:
      'midvash/bible-data (GitHub, commit 1b9b248, versions/zh/cuvs/books/<OSIS>.json; dataset licence MIT, text declared public-domain)',
    licence:
      'Public Domain (published 1919; the dataset marks it public-domain and notes that the Hong Kong Bible Society has asserted rights in Hong Kong and Macau).',
    versification: 'KJV book/chapter/verse numbering; verses the CUV merges into a neighbour are absent',
  },
};

function parseArgs(argv) {
  const args = { only: ['web', 'kjv', 'cuv'], cuvDir: undefined, out: DEFAULT_OUT };
  for (let i = 0; i < argv.length; i += 1) {
    const value = argv[i + 1];
    if (argv[i] === '--only' && value) args.only = value.split(',');
    else if (argv[i] === '--cuv-dir' && value) args.cuvDir = path.resolve(value);
    else if (argv[i] === '--out' && value) args.out = path.resolve(value);
    else continue;
    i += 1;
  }
  return args;
}

function diatheke(module, key) {
  return execFileSync('diatheke', ['-b', module, '-f', 'OSIS', '-k', key], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** OSIS markup of one verse → plain text. The WEB module loses the space between adjacent <w> words. */
function osisToText(markup, translation) {
  let text = markup
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, ' ')
    .replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, '');
  if (translation === 'web') {
    text = text
      .replace(/<\/w><w\b/g, '</w> <w')
      .replace(/([A-Za-z])<w\b/g, '$1 <w')
      .replace(/<\/w>([A-Za-z])/g, '</w> $1');
  }
  return text
    .replace(/<[^>]+>/g, '')
    .replace(/¶/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every verse of every book from a SWORD module: { [osis]: chapters[][] }. */
function fromSword(translation, module) {
  const books = {};
  for (const osis of OSIS_BOOKS) {
    const first = diatheke(module, `${osis} 1:1`).match(/^(.+?) 1:1: /m);
    if (!first) throw new Error(`${module}: no ${osis} 1:1`);
    const name = first[1];
    const verseLine = new RegExp(`(?:^|\\s)${escapeRegExp(name)} (\\d+):(\\d+): (.*)$`);
    const chapters = [];
    for (const line of diatheke(module, osis).split('\n')) {
      const match = line.match(verseLine);
      if (!match) continue;
      const chapter = Number(match[1]);
      const verse = Number(match[2]);
      if (chapter < 1 || chapter > chapterCount(osis)) throw new Error(`${module}: ${osis} ${chapter}`);
      // The WEB module appends its glossary to Rev 22:21.
      const text = osisToText(match[3], translation).replace(
        /\s*The following words used in the World English Bible[\s\S]*$/,
        '',
      );
      if (text.length > 1_000)
        throw new Error(`${module}: ${osis} ${chapter}:${verse} is ${text.length} long`);
      const verses = (chapters[chapter - 1] ??= []);
      verses[verse - 1] = text === '' ? null : text;
    }
    books[osis] = chapters;
  }
  return books;
}

/** The dataset's book files ({ chapters: [{ chapter, verses: [{ number, text }] }] }). */
function fromBibleData(dir) {
  const books = {};
  for (const osis of OSIS_BOOKS) {
    const data = JSON.parse(readFileSync(path.join(dir, `${osis}.json`), 'utf8'));
    const chapters = [];
    for (const { chapter, verses } of data.chapters) {
      if (chapter < 1 || chapter > chapterCount(osis)) throw new Error(`cuv: ${osis} ${chapter}`);
      const list = (chapters[chapter - 1] ??= []);
      for (const { number, text } of verses) {
        const clean = text
          .replace(/[[\]]/g, '') // brackets mark the translators' supplied words; print them plain
          .replace(/ⶍ/g, '墩') // a mis-encoded character of the source (Isa 6:13, 44:19: 树墩子, 木墩子)
          .replace(/\s+/g, (space) => (space.includes('\u3000') ? '\u3000' : ' '))
          .trim();
        if (clean.length > 1_000)
          throw new Error(`cuv: ${osis} ${chapter}:${number} is ${clean.length} long`);
        list[number - 1] = clean === '' ? null : clean;
      }
    }
    books[osis] = chapters;
  }
  return books;
}

/** Fills holes (sparse arrays) with null so the JSON keeps positions. */
function normalise(books) {
  let verses = 0;
  for (const chapters of Object.values(books)) {
    for (let c = 0; c < chapters.length; c += 1) {
      const list = chapters[c] ?? [];
      chapters[c] = Array.from(list, (text) => text ?? null);
      verses += chapters[c].filter((text) => text !== null).length;
    }
  }
  return verses;
}

const args = parseArgs(process.argv.slice(2));
mkdirSync(args.out, { recursive: true });
for (const translation of args.only) {
  const meta = SOURCES[translation];
  if (!meta) throw new Error(`unknown translation ${translation}`);
  let books;
  if (translation === 'cuv') {
    if (!args.cuvDir) {
      console.log('cuv: skipped (no --cuv-dir); the committed cuv.json.br stays');
      continue;
    }
    books = fromBibleData(args.cuvDir);
  } else {
    books = fromSword(translation, meta.sword);
  }
  const verses = normalise(books);
  const { sword: _sword, ...described } = meta;
  const json = JSON.stringify({ translation, ...described, verses, books });
  const packed = brotliCompressSync(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
    },
  });
  const file = path.join(args.out, `${translation}.json.br`);
  writeFileSync(file, packed);
  console.log(
    `${translation}: ${verses} verses, ${Buffer.byteLength(json)} bytes of JSON, ${packed.length} bytes (brotli) → ${file}`,
  );
}
