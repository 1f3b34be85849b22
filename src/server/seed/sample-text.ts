import { countWords } from '../modules/posts/posts-reading-time';
import { buildStoryBody, type Rng, type StoryBlock, type StoryBody } from './story-body';
import { TITLE_PARTS, VOCABULARY, type Lang, type Vocabulary } from './sample-vocabulary';

// Sentence and story generator over the vocabulary: varied, readable, faith-flavoured filler.

// Sentence shapes and how often each is chosen; questions and quotations at most once a paragraph.
const SHAPES = [
  'opener',
  'subject',
  'moment',
  'question',
  'verse',
  'reflection',
  'memory',
  'figure',
  'setting',
] as const;
type Shape = (typeof SHAPES)[number];
const WEIGHTS: Record<Shape, number> = {
  opener: 3,
  subject: 3,
  moment: 1,
  question: 1,
  verse: 1,
  reflection: 4,
  memory: 1,
  figure: 2,
  setting: 1,
};
const ONCE_A_PARAGRAPH: ReadonlySet<Shape> = new Set([
  'question',
  'verse',
  'moment',
  'memory',
  'figure',
  'setting',
]);

function pickShape(rng: Rng): Shape {
  let roll = rng.next() * SHAPES.reduce((n, s) => n + WEIGHTS[s], 0);
  for (const shape of SHAPES) {
    roll -= WEIGHTS[shape];
    if (roll < 0) return shape;
  }
  return 'reflection';
}

/**
 * The words one story draws on: a third of each phrase list, two figures and two settings, so
 * stories differ from each other the way real ones do (and search has something to tell apart).
 */
export function storyVocabulary(rng: Rng, lang: Lang): Vocabulary {
  const all = VOCABULARY[lang];
  const some = <T>(items: readonly T[], min = 3): T[] =>
    rng.sample(items, Math.max(min, Math.ceil(items.length / 3)));
  return {
    ...all,
    openers: some(all.openers),
    weObjects: some(all.weObjects),
    subjects: some(all.subjects),
    places: some(all.places),
    reflections: some(all.reflections, 5),
    verses: some(all.verses, 2),
    people: some(all.people, 2),
    figures: rng.sample(all.figures, 2),
    settings: rng.sample(all.settings, 2),
  };
}

export function makeSentence(
  rng: Rng,
  lang: Lang,
  shape: Shape = pickShape(rng),
  v: Vocabulary = VOCABULARY[lang],
): string {
  const zh = lang === 'zh';
  switch (shape) {
    case 'opener':
      return zh
        ? `${rng.pick(v.openers)}，我们${rng.pick(v.weVerbs)}${rng.pick(v.weObjects)}。`
        : `${rng.pick(v.openers)}, we ${rng.pick(v.weVerbs)} ${rng.pick(v.weObjects)}.`;
    case 'subject':
      return zh
        ? `${rng.pick(v.subjects)}${rng.pick(v.subjectVerbs)}${rng.pick(v.places)}。`
        : `${rng.pick(v.subjects)} ${rng.pick(v.subjectVerbs)} ${rng.pick(v.places)}.`;
    case 'moment':
      return zh
        ? `今天花一点时间，${rng.pick(v.weVerbs)}${rng.pick(v.weObjects)}。`
        : `Take a moment today to ${rng.pick(v.weVerbs)} ${rng.pick(v.weObjects)}.`;
    case 'question':
      return zh
        ? `如果我们真的相信${rng.pick(v.beliefs)}，生活会有什么不同？`
        : `What would change if we truly believed ${rng.pick(v.beliefs)}?`;
    case 'verse': {
      const [text, ref] = rng.pick(v.verses);
      return zh ? `经上说：“${text}”（${ref}）` : `As it is written, "${text}" (${ref})`;
    }
    case 'memory':
      return zh
        ? `我想起${rng.pick(v.people)}，${rng.pick(v.deeds)}。`
        : `I think of ${rng.pick(v.people)}, who ${rng.pick(v.deeds)}.`;
    case 'figure': {
      const who = rng.pick(v.figures);
      switch (rng.int(0, 2)) {
        case 0:
          return zh ? `我常常想起${who}的故事。` : `I keep coming back to the story of ${who}.`;
        case 1:
          return zh
            ? `像${who}一样，我们${rng.pick(v.weVerbs)}${rng.pick(v.weObjects)}。`
            : `Like ${who}, we ${rng.pick(v.weVerbs)} ${rng.pick(v.weObjects)}.`;
        default:
          return zh ? `${who}也曾经历过等候神的日子。` : `${who} knew what it was to wait on God.`;
      }
    }
    case 'setting': {
      const where = rng.pick(v.settings);
      if (rng.chance(0.5))
        return zh ? `即使是${where}，也可以成为祷告的地方。` : `Even ${where} can become a place of prayer.`;
      return zh ? `这个星期，${where}成了我的密室。` : `This week ${where} became my prayer closet.`;
    }
    default:
      return rng.pick(v.reflections);
  }
}

export function makeParagraph(
  rng: Rng,
  lang: Lang,
  sentences = rng.int(3, 6),
  v: Vocabulary = VOCABULARY[lang],
): string {
  const parts: string[] = [];
  const used = new Set<Shape>();
  let previous: Shape | undefined;
  while (parts.length < sentences) {
    const shape = pickShape(rng);
    if (shape === previous || (ONCE_A_PARAGRAPH.has(shape) && used.has(shape))) continue;
    const sentence = makeSentence(rng, lang, shape, v);
    if (parts.includes(sentence)) continue;
    parts.push(sentence);
    used.add(shape);
    previous = shape;
  }
  return parts.join(lang === 'zh' ? '' : ' ');
}

/** Blocks of about `targetWords` words: paragraphs with a heading every few and the odd quotation. */
export function makeStoryBlocks(rng: Rng, lang: Lang, targetWords: number): StoryBlock[] {
  const v = storyVocabulary(rng, lang);
  const headings = rng.sample(v.headings, v.headings.length);
  const blocks: StoryBlock[] = [];
  let words = 0;
  let sinceHeading = 0;
  while (words < targetWords) {
    if (blocks.length > 0 && sinceHeading >= rng.int(3, 5) && headings.length > 0) {
      blocks.push({ kind: 'heading', text: headings.pop()! });
      sinceHeading = 0;
    }
    let block: StoryBlock;
    if (blocks.length > 1 && rng.chance(0.08)) {
      const [text, ref] = rng.pick(v.verses);
      block = { kind: 'quote', text: lang === 'zh' ? `“${text}”——${ref}` : `"${text}" (${ref})` };
    } else {
      block = { kind: 'paragraph', text: makeParagraph(rng, lang, rng.int(3, 6), v) };
    }
    blocks.push(block);
    words += countWords(block.text);
    sinceHeading++;
  }
  return blocks;
}

export function makeStoryBody(rng: Rng, lang: Lang, targetWords: number): StoryBody {
  return buildStoryBody(makeStoryBlocks(rng, lang, targetWords));
}

export function makeTitle(rng: Rng, lang: Lang): string {
  const p = TITLE_PARTS[lang];
  const n = rng.int(3, 7);
  if (lang === 'zh') {
    switch (rng.int(0, 2)) {
      case 0:
        return `${n}个为${rng.pick(p.situations)}的祷告`;
      case 1:
        return `${rng.pick(p.teachers)}教会我的${rng.pick(p.topics)}`;
      default:
        return `在${rng.pick(p.settings)}中寻见${rng.pick(p.things)}`;
    }
  }
  switch (rng.int(0, 2)) {
    case 0:
      return `${n} Prayers for ${rng.pick(p.situations)}`;
    case 1:
      return `What ${rng.pick(p.teachers)} Taught Me About ${rng.pick(p.topics)}`;
    default:
      return `Finding ${rng.pick(p.things)} in ${rng.pick(p.settings)}`;
  }
}

/** One or two sentences, the length of a card's excerpt. */
export function makeExcerpt(rng: Rng, lang: Lang): string {
  return makeParagraph(rng, lang, rng.int(1, 2));
}

export function pickTags(rng: Rng, lang: Lang, max = 5): string[] {
  return rng.sample(VOCABULARY[lang].tags, rng.int(1, max));
}
