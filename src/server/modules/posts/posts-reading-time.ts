// A story's length, stored with its body: its words and the minutes it takes to read.

const WORDS_PER_MINUTE = 230;

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/g;

/** Latin words by whitespace, plus each CJK character as one word (Chinese has no spaces). */
export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text.replace(CJK, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return cjk + latin;
}

export function readingMinutesFor(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
