// The shape of a language's words for generated sample stories (sample-vocabulary-{en,zh}.ts fill it).

export type Lang = 'en' | 'zh';

export type Vocabulary = {
  openers: readonly string[];
  weVerbs: readonly string[];
  weObjects: readonly string[];
  subjects: readonly string[];
  subjectVerbs: readonly string[];
  places: readonly string[];
  beliefs: readonly string[];
  people: readonly string[];
  deeds: readonly string[];
  /** Rarer words: each story takes a couple, so searching for one finds a few stories, not all. */
  figures: readonly string[];
  settings: readonly string[];
  reflections: readonly string[];
  verses: readonly (readonly [text: string, reference: string])[];
  headings: readonly string[];
  tags: readonly string[];
};
