import { describe, expect, it } from 'vitest';
import { makeStoryBody } from '../../../seed/sample-text';
import { VOCABULARY_EN } from '../../../seed/sample-vocabulary-en';
import { VOCABULARY_ZH } from '../../../seed/sample-vocabulary-zh';
import { createRng } from '../../../seed/story-body';
import {
  findScriptureReferences,
  normaliseForParsing,
  parseScriptureQuery,
  type ScriptureLanguage,
} from './scripture-references';

// Each case: the text, then the references expected in order as [OSIS, the exact characters the
// reference covers]. An empty list means "not scripture": a false positive fails as surely as a miss.
type Case = readonly [text: string, expected: readonly (readonly [osis: string, span: string])[]];

const ENGLISH: readonly Case[] = [
  // The forms the issue names.
  ['John 3:16', [['John.3.16', 'John 3:16']]],
  ['Jn 3:16–18', [['John.3.16-John.3.18', 'Jn 3:16–18']]],
  ['Love is patient (1 Cor 13).', [['1Cor.13', '1 Cor 13']]],
  ['Ps 23', [['Ps.23', 'Ps 23']]],
  [
    'Romans 8:28, 31',
    [
      ['Rom.8.28', 'Romans 8:28'],
      ['Rom.8.31', '31'],
    ],
  ],
  ['Peace I leave with you (John 14:27).', [['John.14.27', 'John 14:27']]],
  ['As Jesus said in Matthew 11:28, come.', [['Matt.11.28', 'Matthew 11:28']]],
  // More ordinary citations.
  ['Psalm 119:105', [['Ps.119.105', 'Psalm 119:105']]],
  ['1 Peter 5:7 says cast your cares.', [['1Pet.5.7', '1 Peter 5:7']]],
  ['2 Corinthians 12:9', [['2Cor.12.9', '2 Corinthians 12:9']]],
  ['Proverbs 3:5-6', [['Prov.3.5-Prov.3.6', 'Proverbs 3:5-6']]],
  ['Lamentations 3:22—23', [['Lam.3.22-Lam.3.23', 'Lamentations 3:22—23']]],
  ['Jas 1:2-4', [['Jas.1.2-Jas.1.4', 'Jas 1:2-4']]],
  ['I can do all things (Phil 4:13).', [['Phil.4.13', 'Phil 4:13']]],
  ['Isaiah 40:31', [['Isa.40.31', 'Isaiah 40:31']]],
  ['Revelation 21:4', [['Rev.21.4', 'Revelation 21:4']]],
  ['1 John 4:8', [['1John.4.8', '1 John 4:8']]],
  ['Hebrews 11 is the hall of faith.', [['Heb.11', 'Hebrews 11']]],
  ['Romans 8 changed me.', [['Rom.8', 'Romans 8']]],
  // Ranges: across chapters, whole chapters, across books.
  ['Read Genesis 1:1-2:3 slowly.', [['Gen.1.1-Gen.2.3', 'Genesis 1:1-2:3']]],
  ['John 3:16-4:2', [['John.3.16-John.4.2', 'John 3:16-4:2']]],
  ['Psalms 120-134', [['Ps.120-Ps.134', 'Psalms 120-134']]],
  ['Matthew chapters 5–7', [['Matt.5-Matt.7', 'Matthew chapters 5–7']]],
  ['Matthew 28–Mark 1', [['Matt.28-Mark.1', 'Matthew 28–Mark 1']]],
  // Whole books only when written with chapters.
  ['Genesis 1–50', [['Gen', 'Genesis 1–50']]],
  ['Obadiah 1', [['Obad', 'Obadiah 1']]],
  // Sequences become one reference per written passage.
  [
    'John 3:16; 4:1',
    [
      ['John.3.16', 'John 3:16'],
      ['John.4.1', '4:1'],
    ],
  ],
  [
    'Psalm 23 and 24',
    [
      ['Ps.23', 'Psalm 23'],
      ['Ps.24', '24'],
    ],
  ],
  [
    'Mark 2, 3:4',
    [
      ['Mark.2', 'Mark 2'],
      ['Mark.3.4', '3:4'],
    ],
  ],
  // Ambiguous names become references with evidence: a verse, a chapter word, parentheses.
  ['Mark 16:9-20', [['Mark.16.9-Mark.16.20', 'Mark 16:9-20']]],
  ['Job 38:4', [['Job.38.4', 'Job 38:4']]],
  ['God answers from the storm (Job 38).', [['Job.38', 'Job 38']]],
  ['John chapter 3', [['John.3', 'John chapter 3']]],
  ['Acts 2:1-4', [['Acts.2.1-Acts.2.4', 'Acts 2:1-4']]],
  ['Numbers 6:24-26', [['Num.6.24-Num.6.26', 'Numbers 6:24-26']]],
  ['(Is 40:31)', [['Isa.40.31', 'Is 40:31']]],
  [
    'Exodus 20:1-17 and Deut 5',
    [
      ['Exod.20.1-Exod.20.17', 'Exodus 20:1-17'],
      ['Deut.5', 'Deut 5'],
    ],
  ],
  [
    '1 Cor 13:4–7, 13',
    [
      ['1Cor.13.4-1Cor.13.7', '1 Cor 13:4–7'],
      ['1Cor.13.13', '13'],
    ],
  ],
  [
    'Ps. 23:1 and Mt 5:3-12',
    [
      ['Ps.23.1', 'Ps. 23:1'],
      ['Matt.5.3-Matt.5.12', 'Mt 5:3-12'],
    ],
  ],
  ['In 2 Kings 5 Naaman washes.', [['2Kgs.5', '2 Kings 5']]],
  ['We read Song of Solomon 2:1 together.', [['Song.2.1', 'Song of Solomon 2:1']]],
  // Mixed scripts in an English story.
  ['I memorised 约翰福音 3:16 in Chinese.', [['John.3.16', '约翰福音 3:16']]],
  // Not scripture.
  ['Mark 2 days later we left.', []],
  ['John 3 people came to dinner.', []],
  ['Acts 2 and 3 of the play were long.', []],
  ['Job 3 was the hardest one.', []],
  ['Numbers 5 and 6 were drawn.', []],
  ['Mark said he would come.', []],
  ['Is 2 enough?', []],
  ['James 2 minutes later called back.', []],
  ['Daniel 4 stars, would visit again.', []],
  ['Luke 15 years old already.', []],
  ['Ruth 2 children and a dog.', []],
  ['Acts of kindness matter.', []],
  ['I love Philippians.', []],
  ['The score is 3:1 and I am 5 feet tall.', []],
  ['Kings 3, Queens 2', []],
  ['Chapter 3 of my life.', []],
  ['Genesis 999:999', []],
  ['Mark 2, 3 kids', []],
  ['Is 5:30 okay for dinner?', []],
  ['Re: 3 items', []],
  ['Call John at 3:30 tomorrow.', []],
  ['Mark 2 days later, Is 5 enough? (Psalm 23)', [['Ps.23', 'Psalm 23']]],
];

const CHINESE: readonly Case[] = [
  ['约翰福音 3:16', [['John.3.16', '约翰福音 3:16']]],
  ['约3:16', [['John.3.16', '约3:16']]],
  ['詩篇 23篇', [['Ps.23', '詩篇 23篇']]],
  ['罗马书 8:28', [['Rom.8.28', '罗马书 8:28']]],
  ['約翰福音 3:16', [['John.3.16', '約翰福音 3:16']]],
  ['約3：16', [['John.3.16', '約3：16']]],
  ['在约翰福音3:16中', [['John.3.16', '约翰福音3:16']]],
  ['正如约翰福音3章16节所说', [['John.3.16', '约翰福音3章16节']]],
  ['诗篇第23篇', [['Ps.23', '诗篇第23篇']]],
  ['约翰福音3章16至18节', [['John.3.16-John.3.18', '约翰福音3章16至18节']]],
  ['经上说：“凡劳苦担重担的人”（马太福音 11:28）', [['Matt.11.28', '马太福音 11:28']]],
  ['馬太福音11:28-30', [['Matt.11.28-Matt.11.30', '馬太福音11:28-30']]],
  ['哥林多前书13章', [['1Cor.13', '哥林多前书13章']]],
  ['哥林多前書13章', [['1Cor.13', '哥林多前書13章']]],
  ['林前13:4-7', [['1Cor.13.4-1Cor.13.7', '林前13:4-7']]],
  ['创世记1:1-2:3', [['Gen.1.1-Gen.2.3', '创世记1:1-2:3']]],
  ['創世記1:1', [['Gen.1.1', '創世記1:1']]],
  [
    '罗马书8:28，31',
    [
      ['Rom.8.28', '罗马书8:28'],
      ['Rom.8.31', '31'],
    ],
  ],
  ['彼得前书 5:7', [['1Pet.5.7', '彼得前书 5:7']]],
  ['箴言 3:5', [['Prov.3.5', '箴言 3:5']]],
  ['诗篇 119:105', [['Ps.119.105', '诗篇 119:105']]],
  ['耶利米哀歌3:22-23', [['Lam.3.22-Lam.3.23', '耶利米哀歌3:22-23']]],
  ['启示录21:4', [['Rev.21.4', '启示录21:4']]],
  ['罗马书8章改变了我', [['Rom.8', '罗马书8章']]],
  ['我读了約翰福音3章', [['John.3', '約翰福音3章']]],
  ['這段經文（約14：27）', [['John.14.27', '約14：27']]],
  ['中文故事也引用 John 3:16 吧', [['John.3.16', 'John 3:16']]],
  // Not scripture: single-character abbreviations are everyday words without a verse.
  ['约3天后', []],
  ['路2号', []],
  ['可3次', []],
  ['太3个', []],
  ['约 3 个人', []],
  ['提前3天到', []],
  ['出3天差', []],
  ['撒下3粒种子', []],
  ['我有3个孩子', []],
  ['约翰福音写得很美', []],
  ['约翰福音999:999', []],
];

function check(language: ScriptureLanguage, [text, expected]: Case) {
  const found = findScriptureReferences(text, language);
  expect(found.map((r) => [r.osis, text.slice(r.from, r.to)])).toEqual(expected);
}

describe('findScriptureReferences: English', () => {
  it('has the table the brief asks for', () => {
    expect(ENGLISH.length).toBeGreaterThanOrEqual(40);
  });
  it.each(ENGLISH)('%s', (...c) => check('en', c));
});

describe('findScriptureReferences: Chinese (simplified and traditional)', () => {
  it('has the table the brief asks for', () => {
    expect(CHINESE.length).toBeGreaterThanOrEqual(30);
  });
  it.each(CHINESE)('%s', (...c) => check('zh', c));
});

describe('findScriptureReferences: the result shape', () => {
  it('gives start, end and keys for a verse range', () => {
    const [ref] = findScriptureReferences('See Jn 3:14–18.', 'en');
    expect(ref).toEqual({
      osis: 'John.3.14-John.3.18',
      start: { book: 'John', chapter: 3, verse: 14 },
      end: { book: 'John', chapter: 3, verse: 18 },
      startKey: 43_003_014,
      endKey: 43_003_018,
      from: 4,
      to: 14,
    });
  });

  it('gives a whole chapter verse null and keys over all its verses', () => {
    const [ref] = findScriptureReferences('Ps 23', 'en');
    expect(ref.start).toEqual({ book: 'Ps', chapter: 23, verse: null });
    expect(ref.end).toEqual({ book: 'Ps', chapter: 23, verse: null });
    expect([ref.startKey, ref.endKey]).toEqual([19_023_001, 19_023_006]);
  });

  it('gives a whole book its first and last chapters', () => {
    const [ref] = findScriptureReferences('Genesis 1–50', 'en');
    expect(ref.start).toEqual({ book: 'Gen', chapter: 1, verse: null });
    expect(ref.end).toEqual({ book: 'Gen', chapter: 50, verse: null });
    expect([ref.startKey, ref.endKey]).toEqual([1_001_001, 1_050_026]);
  });

  it('keeps offsets into the original text when full-width forms were normalised', () => {
    const text = '前言。約翰福音３：１６，１８';
    expect(normaliseForParsing(text)).toHaveLength(text.length);
    const found = findScriptureReferences(text, 'zh');
    expect(found.map((r) => [r.osis, text.slice(r.from, r.to)])).toEqual([
      ['John.3.16', '約翰福音３：１６'],
      ['John.3.18', '１８'],
    ]);
  });

  it('finds nothing in empty text and does not mix up stories of the other language', () => {
    expect(findScriptureReferences('', 'en')).toEqual([]);
    expect(findScriptureReferences('Nothing to see here.', 'zh')).toEqual([]);
  });
});

describe('parseScriptureQuery', () => {
  it.each([
    ['John 3:16', 'en', 'John.3.16'],
    ['john 3:16', 'en', 'John.3.16'],
    ['Jn 3:16', 'en', 'John.3.16'],
    ['  (John 3:16)  ', 'en', 'John.3.16'],
    ['Ps 23', 'en', 'Ps.23'],
    ['Mark 2', 'en', 'Mark.2'],
    ['约3:16', 'zh', 'John.3.16'],
    ['約3：16', 'zh', 'John.3.16'],
    ['约翰福音 3:16', 'zh', 'John.3.16'],
    ['詩篇 23篇', 'zh', 'Ps.23'],
    ['John 3:16', 'zh', 'John.3.16'],
    ['约翰福音 3:16', 'en', 'John.3.16'],
  ] as const)('%s (%s) → %s', (q, language, osis) => {
    expect(parseScriptureQuery(q, language)?.osis).toBe(osis);
  });

  it.each([
    ['john 3 people', 'en'],
    ['mark', 'en'],
    ['grace', 'en'],
    ['Romans 8:28, 31', 'en'],
    ['Genesis 999:999', 'en'],
    ['约翰福音', 'zh'],
    ['恩典', 'zh'],
    ['', 'en'],
    [`John 3:16 ${'x'.repeat(200)}`, 'en'],
  ] as const)('%s (%s) is not a reference query', (q, language) => {
    expect(parseScriptureQuery(q, language)).toBeNull();
  });
});

// The demo stories quote scripture as "(John 14:27)" / "（马太福音 11:28）" / "——诗篇 23:1": generate
// real demo bodies and check that exactly the quoted references are found, nothing in the prose
// around them (which names Ruth, Samuel, David … and says "three weeks", "a whole year").
const DEMO_OSIS: Record<string, string> = {
  'Psalm 23:1': 'Ps.23.1',
  'Psalm 46:10': 'Ps.46.10',
  'Matthew 11:28': 'Matt.11.28',
  '1 Peter 5:7': '1Pet.5.7',
  'Proverbs 3:5': 'Prov.3.5',
  'Psalm 119:105': 'Ps.119.105',
  'Psalm 30:5': 'Ps.30.5',
  '2 Corinthians 12:9': '2Cor.12.9',
  'John 14:27': 'John.14.27',
  'Lamentations 3:22': 'Lam.3.22',
  '诗篇 23:1': 'Ps.23.1',
  '诗篇 46:10': 'Ps.46.10',
  '马太福音 11:28': 'Matt.11.28',
  '彼得前书 5:7': '1Pet.5.7',
  '箴言 3:5': 'Prov.3.5',
  '诗篇 119:105': 'Ps.119.105',
  '诗篇 30:5': 'Ps.30.5',
  '哥林多后书 12:9': '2Cor.12.9',
};

describe('the demo stories, end to end', () => {
  it('knows every reference the demo vocabularies quote', () => {
    const refs = [...VOCABULARY_EN.verses, ...VOCABULARY_ZH.verses].map(([, ref]) => ref);
    expect(refs.filter((ref) => !(ref in DEMO_OSIS))).toEqual([]);
  });

  it('finds "(John 14:27)" and "(Matthew 11:28)" in a demo paragraph', () => {
    const [, peace] = VOCABULARY_EN.verses.find(([, ref]) => ref === 'John 14:27')!;
    const [rest] = VOCABULARY_EN.verses.filter(([, ref]) => ref === 'Matthew 11:28');
    const paragraph =
      `Slowly, almost without noticing, the fear loosened its grip. As it is written, "${rest[0]}" (${rest[1]}) ` +
      `Like Ruth, we keep showing up. As it is written, "Peace I leave with you, my peace I give unto you." (${peace})`;
    const found = findScriptureReferences(paragraph, 'en');
    expect(found.map((r) => [r.osis, paragraph.slice(r.from, r.to)])).toEqual([
      ['Matt.11.28', 'Matthew 11:28'],
      ['John.14.27', 'John 14:27'],
    ]);
  });

  it.each(['en', 'zh'] as const)('finds exactly the quoted references in generated %s stories', (lang) => {
    const verses = lang === 'en' ? VOCABULARY_EN.verses : VOCABULARY_ZH.verses;
    let quoted = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { bodyText } = makeStoryBody(createRng(seed), lang, 1200);
      const expected: [number, string][] = [];
      for (const [, ref] of verses) {
        for (let at = bodyText.indexOf(ref); at !== -1; at = bodyText.indexOf(ref, at + 1)) {
          expected.push([at, DEMO_OSIS[ref]]);
        }
      }
      expected.sort((a, b) => a[0] - b[0]);
      quoted += expected.length;
      const found = findScriptureReferences(bodyText, lang).map((r): [number, string] => [r.from, r.osis]);
      expect(found).toEqual(expected);
    }
    expect(quoted).toBeGreaterThan(5);
  });
});

describe('bounded work on bad input', () => {
  // Its speed is the bench's to measure (issue 24); here only that such input is read right.
  it('reads a 100 KB paragraph without spaces, mixed scripts and thousands of references', () => {
    expect(findScriptureReferences('a'.repeat(100_000), 'en')).toEqual([]);
    expect(findScriptureReferences('约'.repeat(50_000) + '3:16', 'zh')).toHaveLength(1);
    const many = Array.from({ length: 5_000 }, (_, i) => `John ${(i % 21) + 1}:1`).join(' and then ');
    expect(findScriptureReferences(many, 'en')).toHaveLength(5_000);
    expect(findScriptureReferences('Genesis 999:999 and 创世记999:999', 'en')).toEqual([]);
  });
});
