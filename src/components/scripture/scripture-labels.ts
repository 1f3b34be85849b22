// The scripture parts' words in the story's language (SPEC §1: the interface is English; what
// follows a story's language — its dates, and here its scripture — is written in it too).

export type ScriptureLabelLanguage = 'en' | 'zh';

export const SCRIPTURE_LABELS = {
  en: {
    inThisStory: 'Scripture in this story',
    readMore: 'Read more',
    loading: 'Loading the passage…',
    failed: 'The passage could not be loaded.',
    notInTranslation: 'This translation does not have this passage.',
  },
  zh: {
    inThisStory: '本文引用的经文',
    readMore: '阅读全文',
    loading: '正在加载经文…',
    failed: '经文未能加载。',
    notInTranslation: '此译本没有这段经文。',
  },
} as const satisfies Record<ScriptureLabelLanguage, Record<string, string>>;

export const scriptureLabels = (language: string) =>
  SCRIPTURE_LABELS[language.toLowerCase().startsWith('zh') ? 'zh' : 'en'];
