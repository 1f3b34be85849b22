// The passage page's words in the reader's language (the page is one HTML per language, and its
// text is in that language's translation: docs/decisions/047-passage-pages.md).

export type PassageLabelLanguage = 'en' | 'zh';

export const PASSAGE_LABELS = {
  en: {
    eyebrow: 'Scripture',
    chapters: 'Chapters',
    wholeChapter: (chapter: string) => `Read the whole chapter: ${chapter}`,
    previous: 'Previous chapter',
    next: 'Next chapter',
    citing: (display: string) => `Stories citing ${display}`,
    empty: 'No published story cites this passage yet.',
    more: 'More stories',
    newest: 'Back to the newest stories',
    feed: 'RSS feed',
    notInTranslation: (name: string) => `This passage is not part of the ${name}.`,
    text: 'Text:',
    source: 'Source:',
    chapterName: (book: string, chapter: number) => `${book} ${chapter}`,
  },
  zh: {
    eyebrow: '经文',
    chapters: '章节',
    wholeChapter: (chapter: string) => `阅读整章：${chapter}`,
    previous: '上一章',
    next: '下一章',
    citing: (display: string) => `引用${display}的文章`,
    empty: '还没有已发布的文章引用这段经文。',
    more: '更多文章',
    newest: '回到最新的文章',
    feed: 'RSS 订阅',
    notInTranslation: (name: string) => `${name}中没有这段经文。`,
    text: '经文：',
    source: '来源：',
    chapterName: (book: string, chapter: number) => `${book} 第${chapter}章`,
  },
} as const;
