import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findScriptureReferences, type ScriptureLanguage } from './scripture-references';

// Issue 24's reference test set: reference-phrases.txt (format in its header). Every phrase is
// parsed; the recall (expected references found) and the false-positive rate (references found
// that were not expected, over all found) are printed, and the test fails below the bar.

const MIN_RECALL = 0.98;
const MAX_FALSE_POSITIVE_RATE = 0.01;

type Phrase = { line: number; language: ScriptureLanguage; expected: string[]; text: string };

function readPhrases(): Phrase[] {
  const file = path.join(import.meta.dirname, 'reference-phrases.txt');
  const phrases: Phrase[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((raw, index) => {
      if (raw.trim() === '' || raw.startsWith('#')) return;
      const match = /^(en|zh) \| (\S.*?) \| (.+)$/.exec(raw);
      if (!match) throw new Error(`reference-phrases.txt:${index + 1}: not "lang | osis | phrase": ${raw}`);
      const [, language, osis, text] = match;
      phrases.push({
        line: index + 1,
        language: language as ScriptureLanguage,
        expected: osis === '-' ? [] : osis.split(' '),
        text,
      });
    });
  return phrases;
}

type Tally = {
  phrases: number;
  expected: number;
  found: number;
  hits: number;
  negatives: number;
  flagged: number;
};
const emptyTally = (): Tally => ({ phrases: 0, expected: 0, found: 0, hits: 0, negatives: 0, flagged: 0 });

function score(phrases: readonly Phrase[]) {
  const tallies: Record<string, Tally> = { en: emptyTally(), zh: emptyTally(), all: emptyTally() };
  const misses: string[] = [];
  const falsePositives: string[] = [];
  for (const phrase of phrases) {
    const found = findScriptureReferences(phrase.text, phrase.language).map((r) => r.osis);
    const unmatched = [...found];
    let hits = 0;
    for (const osis of phrase.expected) {
      const at = unmatched.indexOf(osis);
      if (at === -1)
        misses.push(`${phrase.line}: ${phrase.text} — missed ${osis} (found: ${found.join(' ') || '-'})`);
      else {
        hits++;
        unmatched.splice(at, 1);
      }
    }
    for (const osis of unmatched) falsePositives.push(`${phrase.line}: ${phrase.text} — found ${osis}`);
    for (const tally of [tallies[phrase.language], tallies.all]) {
      tally.phrases++;
      tally.expected += phrase.expected.length;
      tally.found += found.length;
      tally.hits += hits;
      if (phrase.expected.length === 0) {
        tally.negatives++;
        if (found.length > 0) tally.flagged++;
      }
    }
  }
  return { tallies, misses, falsePositives };
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const shown = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;

describe('the reference test set (issue 24)', () => {
  const phrases = readPhrases();

  it('has at least 300 phrases in English and in Chinese, simplified and traditional, with non-references', () => {
    expect(phrases.length).toBeGreaterThanOrEqual(300);
    const of = (language: ScriptureLanguage) => phrases.filter((p) => p.language === language);
    expect(of('en').length).toBeGreaterThanOrEqual(100);
    expect(of('zh').length).toBeGreaterThanOrEqual(100);
    expect(of('zh').filter((p) => /[約詩羅書經節]/.test(p.text)).length).toBeGreaterThanOrEqual(20);
    expect(phrases.filter((p) => p.expected.length === 0).length).toBeGreaterThanOrEqual(60);
    const texts = phrases.map((p) => p.text);
    for (const tricky of ['Mark 2 days', 'John 3 people', 'the score was 3:16', '大约3:16', '路上 3:16'])
      expect(texts.some((text) => text.toLowerCase().includes(tricky.toLowerCase()))).toBe(true);
  });

  it('finds ≥ 98 % of the references with ≤ 1 % false positives, and prints the figures', () => {
    const { tallies, misses, falsePositives } = score(phrases);
    const lines = ['reference test set (reference-phrases.txt):'];
    for (const [name, t] of Object.entries(tallies)) {
      lines.push(
        `  ${name.padEnd(3)} ${String(t.phrases).padStart(3)} phrases, ${String(t.expected).padStart(3)} references: ` +
          `recall ${shown(percent(t.hits, t.expected))} (${t.hits}/${t.expected}), ` +
          `false positives ${shown(percent(t.found - t.hits, t.found))} (${t.found - t.hits}/${t.found} found), ` +
          `non-reference phrases flagged ${t.flagged}/${t.negatives}`,
      );
    }
    if (misses.length) lines.push('  missed:', ...misses.map((m) => `    ${m}`));
    if (falsePositives.length) lines.push('  false positives:', ...falsePositives.map((m) => `    ${m}`));
    console.log(lines.join('\n'));

    const all = tallies.all;
    expect(percent(all.hits, all.expected)).toBeGreaterThanOrEqual(MIN_RECALL);
    expect(percent(all.found - all.hits, all.found)).toBeLessThanOrEqual(MAX_FALSE_POSITIVE_RATE);
    expect(percent(all.flagged, all.negatives)).toBeLessThanOrEqual(MAX_FALSE_POSITIVE_RATE);
  });
});
