// Issue 24: recognising the scripture references of a story at save costs ≤ 2 ms (p95) for a
// 1,200-word story. In this process, no server: findScriptureReferences over generated demo
// stories (the seed's generator, which quotes scripture as "(John 14:27)" and "（马太福音 11:28）"),
// after one warm-up call (the first call of a process builds the parsers: printed apart).
//   - English: 1,200 words (~6,500 characters, ~8 references), with the typographic quotes and
//     dashes an editor writes (’ “ ” –: they once made the parser eight times slower; decision 044);
//   - Chinese: 2,400 characters (~2,900 with punctuation), about what 1,200 English words take
//     in Chinese (the site counts each Han character as a word, so this is the harder case);
//   - English sermon notes: the same stories citing a passage every other sentence (~70 in all),
//     for the cost per reference.
// Runs inside `npm run bench` (bench/run.ts), or alone: node --import tsx bench/scripture-references.ts
import { pathToFileURL } from 'node:url';
import {
  findScriptureReferences,
  type ScriptureLanguage,
} from '../src/server/modules/scripture/references/scripture-references';
import { makeStoryBody } from '../src/server/seed/sample-text';
import { createRng } from '../src/server/seed/story-body';
import type { Row } from './listings';

const STORIES = 20;
const ROUNDS = 40; // 800 calls per measure
const WARMUP_CALLS = 200;

const SERMON_REFERENCES = [
  'Romans 8:28-39',
  'Ps 23',
  '1 Cor 13:4–7',
  'John 3:16',
  'Isa 40:31',
  'Matt 11:28–30',
  'Phil 4:6-7',
  'Heb 11:1',
];

/** As an editor writes it: don’t, “quoted”, 3:16–18. */
const typographic = (text: string) =>
  text
    .replace(/'/g, '’')
    .replace(/"(?=\w)/g, '“')
    .replace(/"/g, '”')
    .replace(/(\d)-(\d)/g, '$1–$2');

function stories(kind: 'en' | 'zh' | 'sermon'): { text: string; language: ScriptureLanguage }[] {
  return Array.from({ length: STORIES }, (_, i) => {
    const rng = createRng(1_000 + i);
    if (kind === 'zh') return { text: makeStoryBody(rng, 'zh', 2_400).bodyText, language: 'zh' };
    const text = typographic(makeStoryBody(rng, 'en', 1_200).bodyText);
    if (kind === 'en') return { text, language: 'en' };
    // A citation every ~30 words, between sentences.
    const sentences = text.split(/(?<=\. )/);
    const every = Math.max(1, Math.floor(sentences.length / 40));
    const cited = sentences.map((sentence, k) =>
      k % every === 0 ? `${sentence}(${SERMON_REFERENCES[k % SERMON_REFERENCES.length]}) ` : sentence,
    );
    return { text: cited.join(''), language: 'en' };
  });
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function measure(name: string, kind: 'en' | 'zh' | 'sermon', log: (message: string) => void): Row {
  const texts = stories(kind);
  for (let i = 0; i < WARMUP_CALLS; i++)
    findScriptureReferences(texts[i % STORIES].text, texts[i % STORIES].language);
  const wall: number[] = [];
  const cpu: number[] = [];
  let references = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const { text, language } of texts) {
      const usage = process.cpuUsage();
      const started = performance.now();
      references += findScriptureReferences(text, language).length;
      wall.push(performance.now() - started);
      const used = process.cpuUsage(usage);
      cpu.push((used.user + used.system) / 1_000);
    }
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const characters = texts.reduce((sum, { text }) => sum + text.length, 0) / STORIES;
  log(
    `${name}: ~${Math.round(characters).toLocaleString('en')} characters, ` +
      `${(references / wall.length).toFixed(1)} references per story; CPU time p50 ${at(cpu, 0.5).toFixed(2)} ms, ` +
      `p95 ${at(cpu, 0.95).toFixed(2)} ms`,
  );
  const mean = wall.reduce((sum, ms) => sum + ms, 0) / wall.length;
  return {
    name,
    requests: wall.length,
    rps: 1_000 / mean,
    p50: at(wall, 0.5),
    p95: at(wall, 0.95),
    p99: at(wall, 0.99),
    errors: 0,
  };
}

/** The bench rows: p50/p95/p99 in ms per story (target: p95 ≤ 2 ms), "req/s" stories per second. */
export function measureScriptureRecognition(log: (message: string) => void): Row[] {
  const started = performance.now();
  findScriptureReferences('John 3:16 约翰福音3:16', 'en');
  log(
    `scripture references: first call of the process (builds the parsers) ${(performance.now() - started).toFixed(0)} ms`,
  );
  return [
    measure('scripture references at save, 1,200-word English story', 'en', log),
    measure('scripture references at save, 2,400-character Chinese story', 'zh', log),
    measure('scripture references at save, 1,200-word sermon notes (~70 passages)', 'sermon', log),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = measureScriptureRecognition((message) => console.log(message));
  for (const row of rows) {
    console.log(
      `${row.name}: p50 ${row.p50.toFixed(2)} ms, p95 ${row.p95!.toFixed(2)} ms, p99 ${row.p99.toFixed(2)} ms ` +
        `(${row.requests} stories, target p95 ≤ 2 ms)`,
    );
  }
}
