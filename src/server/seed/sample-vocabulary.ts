// Vocabulary for generated sample stories: the shape here, the words in sample-vocabulary-{en,zh}.ts.
import { VOCABULARY_EN } from './sample-vocabulary-en';
import { VOCABULARY_ZH } from './sample-vocabulary-zh';
import type { Lang, Vocabulary } from './sample-vocabulary-shape';

export type { Lang, Vocabulary } from './sample-vocabulary-shape';

export const VOCABULARY: Record<Lang, Vocabulary> = { en: VOCABULARY_EN, zh: VOCABULARY_ZH };

// Title patterns for generated stories (the demo's stories have hand-written titles).
export const TITLE_PARTS = {
  en: {
    situations: [
      'Anxious Mornings',
      'Weary Parents',
      'Seasons of Waiting',
      'a Broken Heart',
      'New Beginnings',
      'Hard Conversations',
    ],
    teachers: [
      'My Grandmother',
      'a Hospital Waiting Room',
      'a Long Winter',
      'the Book of Ruth',
      'Psalm 23',
      'My Garden',
    ],
    topics: ['Trust', 'Grace', 'Patience', 'Forgiveness', 'Hope', 'Rest', 'Prayer'],
    things: ['Peace', 'Rest', 'Joy', 'Courage', 'Hope', 'Stillness'],
    settings: [
      'the Storm',
      'Ordinary Days',
      'the Wilderness',
      'Unanswered Prayers',
      'a Busy Week',
      'the Night Shift',
    ],
  },
  zh: {
    situations: ['焦虑的早晨', '疲惫的父母', '等候的季节', '破碎的心', '新的开始'],
    teachers: ['外婆', '医院的候诊室', '一个漫长的冬天', '路得记', '诗篇二十三篇'],
    topics: ['信靠', '恩典', '忍耐', '饶恕', '盼望', '安息'],
    things: ['平安', '安息', '喜乐', '勇气', '盼望'],
    settings: ['风暴', '平凡的日子', '旷野', '未蒙应允的祷告', '忙碌的一周'],
  },
} as const;
