// Hand-written people, publications and story headlines for the first-run demo (DESIGN §11).
// Bodies are generated from the sample vocabulary; everything here is fixed text.

export type DemoPerson = {
  key: string;
  name: string;
  email: string;
  subdomain: string;
  description: string;
  lang: 'en' | 'zh';
  roles?: ('admin' | 'editor')[];
};

export const ADMIN_EMAIL = 'admin@lamplight.local';

export const DEMO_STAFF: DemoPerson[] = [
  {
    key: 'admin',
    name: 'Lamplight Admin',
    email: ADMIN_EMAIL,
    subdomain: 'lamplight-admin',
    description: 'Keeps the lamps trimmed and the site running.',
    lang: 'en',
    roles: ['admin'],
  },
  {
    key: 'editor',
    name: 'Miriam Hale',
    email: 'editor@lamplight.local',
    subdomain: 'miriam-hale',
    description: 'Site editor. Reads every story twice and loves a good excerpt.',
    lang: 'en',
    roles: ['editor'],
  },
];

export const DEMO_WRITERS: DemoPerson[] = [
  {
    key: 'grace',
    name: 'Grace Whitfield',
    email: 'grace@lamplight.local',
    subdomain: 'gracewhitfield',
    description: "Pastor's wife and mother of three, writing about everyday faith at the kitchen table.",
    lang: 'en',
  },
  {
    key: 'daniel',
    name: 'Daniel Okafor',
    email: 'daniel@lamplight.local',
    subdomain: 'danielokafor',
    description: 'Youth pastor in Houston. Coffee, Scripture and honest questions.',
    lang: 'en',
  },
  {
    key: 'hannah',
    name: 'Hannah Lindqvist',
    email: 'hannah@lamplight.local',
    subdomain: 'hannah-lindqvist',
    description: 'Hospice chaplain writing about grief, hope and the nearness of God.',
    lang: 'en',
  },
  {
    key: 'yilin',
    name: '陈以琳',
    email: 'yilin@lamplight.local',
    subdomain: 'chenyilin',
    description: '在上海带领小组，写关于祷告、家庭和日常信仰的文字。',
    lang: 'zh',
  },
  {
    key: 'joshua',
    name: '王约书亚',
    email: 'joshua@lamplight.local',
    subdomain: 'joshuawang',
    description: '神学生，喜欢读诗篇，也喜欢在清晨跑步。',
    lang: 'zh',
  },
];

/** How a demo publication's logo and background are drawn (demo-images.ts). */
export type DemoArt = {
  motif: 'wheat' | 'path';
  /** Gradient from light to dark. */
  colors: [light: string, dark: string];
  /** The motif's colour on the gradient. */
  ink: string;
};

export type DemoPublication = {
  key: string;
  name: string;
  subdomain: string;
  description: string;
  newsletterDescription: string;
  languageCode: 'en' | 'zh';
  owner: string;
  editors: string[];
  /** Their stories go through the review queue (pending, rejected) before they are published. */
  authors: string[];
  collections: [name: string, description: string][];
  art: DemoArt;
};

// Every publication role is held by a demo writer, and Grace belongs to both publications (owner
// of one, editor of the other), so her menu lists two.
export const DEMO_PUBLICATIONS: DemoPublication[] = [
  {
    key: 'bread',
    name: 'Daily Bread',
    subdomain: 'daily-bread',
    description: 'Short devotions for busy people: one passage, one thought, one prayer a day.',
    newsletterDescription:
      "Sign up to receive inspiration and meditation of God's Word, delivered to your inbox.",
    languageCode: 'en',
    owner: 'grace',
    editors: ['daniel'],
    authors: ['hannah'],
    collections: [
      ['Morning Devotions', 'A passage and a prayer to begin the day.'],
      ['Family Faith', 'Faith at home, with children, parents and neighbours.'],
      ['Hope in Hard Places', 'For waiting rooms, long nights and seasons of grief.'],
    ],
    art: { motif: 'wheat', colors: ['#f8d98b', '#c2571a'], ink: '#fff8e7' },
  },
  {
    key: 'walk',
    name: 'Walking With God',
    subdomain: 'walk-with-god',
    description:
      '与神同行 — 关于祷告、等候和日常顺服的中文灵修文章。Chinese devotions on prayer and waiting.',
    newsletterDescription: '订阅我们的电子报，每周收到关于神话语的默想。',
    languageCode: 'zh',
    owner: 'yilin',
    editors: ['grace'],
    authors: ['joshua'],
    collections: [
      ['祷告生活', '学习在每天的生活中祷告。'],
      ['诗篇默想', '一篇一篇地读诗篇。'],
      ['家庭与信仰', '在家中、在餐桌旁活出信仰。'],
    ],
    art: { motif: 'path', colors: ['#bfe3d6', '#2f6f62'], ink: '#f4fbf8' },
  },
];

/** [title, excerpt] */
export const DEMO_STORIES_EN: [string, string][] = [
  [
    'When Prayer Feels Silent, Keep Knocking',
    'What I learned in the months when heaven seemed quiet and my prayers felt like letters with no reply.',
  ],
  [
    'Five Minutes of Stillness Before the Kids Wake Up',
    'A small habit that changed the temperature of our whole home.',
  ],
  [
    'The Shepherd Who Counts to One Hundred',
    'Reading the parable of the lost sheep from the point of view of the one that wandered.',
  ],
  ['Anxiety, Meet Psalm 23', 'Line by line through the most familiar psalm on a night I could not sleep.'],
  ['Grace in the Grocery Line', 'Everyday holiness is often found in the places we are most impatient.'],
  [
    'What My Grandmother Taught Me About Trust',
    'She had very little money and a great deal of faith. Here is what she passed on.',
  ],
  [
    'Learning to Wait Without Losing Heart',
    'Waiting is not an empty room. It is where God does some of His quietest work.',
  ],
  [
    'A Chaplain’s Notes on Hope',
    'Sitting with the dying taught me more about hope than any book I have read.',
  ],
  [
    'Forgiveness Is a Long Walk, Not a Single Step',
    'Why forgiving someone can take years, and why that is all right.',
  ],
  ['Gratitude on a Hard Day', 'Thanksgiving is easy when life is easy. This is about the other days.'],
  [
    'The Lamp and the Path',
    'Your word is a lamp to my feet: enough light for the next step, not the whole road.',
  ],
  [
    'Teaching Teenagers to Pray Out Loud',
    'Awkward silences, honest questions and the night our youth group finally opened up.',
  ],
  ['Rest Is Not a Reward', 'Sabbath is a gift to receive, not a prize for finishing our to-do list.'],
  [
    'Seven Prayers for Weary Parents',
    'Short prayers for the school run, the long evening and the night feed.',
  ],
  [
    'The Quiet Strength of Ruth',
    'Loyalty, loss and a harvest field: what the Book of Ruth says about ordinary faithfulness.',
  ],
  [
    'When the Diagnosis Comes',
    'Faith does not make the news easier to hear, but it changes who hears it with us.',
  ],
  ['Sunday Morning With an Empty Seat', 'Walking into church for the first time after my father died.'],
  [
    'Why I Still Read the Psalms Every Morning',
    'Ten years, one psalm a day and a notebook full of underlined promises.',
  ],
  ['Courage in Small Doses', 'Most courage is not heroic. It is the phone call we finally make.'],
  ['The Table Is Big Enough', 'Hospitality, awkward dinners and the welcome we have received in Christ.'],
  ['Finding Peace in the Storm', 'Jesus slept in the boat. What would it look like to trust Him like that?'],
  [
    'A Letter to the Version of Me Who Stopped Praying',
    'Gentle words for anyone who has drifted and wonders if the door is still open.',
  ],
  ['Hope That Does Not Disappoint', 'Romans 5 and the difference between optimism and hope.'],
  [
    'Three Questions to Ask Before You Worry',
    'A practical way to bring anxious thoughts to God before they run the day.',
  ],
  ['Mercy New Every Morning', 'Lamentations was written in ruins, and still it speaks of mercy.'],
  [
    'What the Night Shift Taught Me About Prayer',
    'A nurse’s reflections on praying in short breaths between patients.',
  ],
  [
    'Walking With God Through Ordinary Days',
    'Enoch walked with God. Most of his days were probably very ordinary.',
  ],
  ['Healing Is Sometimes Slow', 'On chronic illness, patience and the God who stays.'],
  ['The Worship Song I Could Not Sing', 'When the lyrics felt untrue, I sang them anyway, and here is why.'],
  ['Building a Family Prayer Jar', 'A simple craft that turned into our family’s favourite tradition.'],
  ['Lament Is a Form of Faith', 'Bringing our complaints to God is not a lack of faith; it is an act of it.'],
  ['The Gift of Today', 'Tomorrow has enough worries of its own. Today has enough grace.'],
];

export const DEMO_STORIES_ZH: [string, string][] = [
  ['当祷告似乎没有回应', '那几个月，天好像是关着的。我学到的是：继续敲门。'],
  ['清晨五分钟的安静', '孩子们醒来之前的五分钟，改变了我们整个家的温度。'],
  ['焦虑的时候读诗篇二十三篇', '一个失眠的夜晚，我一句一句地读这篇最熟悉的诗篇。'],
  ['外婆教会我的信靠', '她没有多少钱，却有很大的信心。这是她留给我的。'],
  ['学习等候而不灰心', '等候不是一间空房间，神常常在那里做最安静的工作。'],
  ['饶恕是一段长路', '为什么饶恕一个人可能需要很多年，而这也没关系。'],
  ['艰难日子里的感恩', '顺境里感恩很容易，这篇写给那些不容易的日子。'],
  ['你的话是我脚前的灯', '灯光只照亮下一步，而不是整条路，这已经足够。'],
  ['安息不是奖赏', '安息日是一份礼物，不是完成清单之后的奖品。'],
  ['给疲惫父母的七个祷告', '接送孩子、漫长的晚上和深夜喂奶时的简短祷告。'],
  ['路得记里安静的力量', '忠诚、失去和麦田：路得记怎样讲述平凡的信实。'],
  ['在风暴中寻见平安', '耶稣在船上睡着了。像祂那样信靠，会是什么样子？'],
  ['每早晨都是新的怜悯', '耶利米哀歌写于废墟之中，却仍然讲述怜悯。'],
  ['与神同行的平凡日子', '以诺与神同行，他的大多数日子大概都很平凡。'],
  ['医治有时来得很慢', '关于慢性疾病、忍耐，以及那位一直同在的神。'],
  ['哀歌也是一种信心', '把我们的埋怨带到神面前，不是缺乏信心，而是信心的行动。'],
  ['全家一起做祷告罐', '一个简单的手工，成了我们家最喜欢的传统。'],
  ['今天的礼物', '明天自有明天的忧虑，今天有今天够用的恩典。'],
];

/** A demo story's state when it is not simply published (DESIGN §3). */
export type DemoStoryState =
  { status: 'draft' | 'pending' | 'scheduled' } | { status: 'rejected'; rejectionReason: string };

export type DemoStorySource = {
  lang: 'en' | 'zh';
  stories: [title: string, excerpt: string][];
  /** Story i is written by authors[i % authors.length]. */
  authors: string[];
  publication: string;
  /** The stories placed in the publication (by index), spread over its collections in turn. */
  inPublication: number[];
  /**
   * Every other story is published. In the publication the states follow who wrote it: its authors'
   * stories wait under review or come back rejected, its owner's and editors' are drafts or
   * scheduled (seed.test.ts checks this against the membership).
   */
  states: Partial<Record<number, DemoStoryState>>;
};

export const DEMO_STORY_SOURCES: DemoStorySource[] = [
  {
    lang: 'en',
    stories: DEMO_STORIES_EN,
    authors: ['grace', 'daniel', 'hannah'],
    publication: 'bread',
    inPublication: Array.from({ length: 16 }, (_, i) => i * 2),
    states: {
      2: { status: 'pending' },
      14: { status: 'pending' },
      8: {
        status: 'rejected',
        rejectionReason:
          'Thank you, Hannah. The opening is lovely but the middle wanders: could you keep to one thought and send it again?',
      },
      6: { status: 'scheduled' },
      10: { status: 'draft' },
      5: { status: 'draft' },
      13: { status: 'draft' },
      9: { status: 'scheduled' },
    },
  },
  {
    lang: 'zh',
    stories: DEMO_STORIES_ZH,
    authors: ['yilin', 'joshua'],
    publication: 'walk',
    inPublication: [0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16],
    states: {
      1: { status: 'pending' },
      7: { status: 'pending' },
      3: {
        status: 'rejected',
        rejectionReason: '谢谢你的分享！后半部分有点长，请集中在一个默想上，修改后再提交。',
      },
      4: { status: 'scheduled' },
      6: { status: 'draft' },
      5: { status: 'draft' },
      14: { status: 'draft' },
      11: { status: 'scheduled' },
    },
  },
];

// Site newsletter topics (DESIGN §6); each publication with newsletters gets its own as well.
export const SITE_TOPICS: [slug: string, name: string][] = [
  ['anxiety', 'Anxiety'],
  ['daily-devotional', 'Daily Devotional'],
  ['prayer', 'Prayer'],
  ['help-way', 'Help Way'],
  ['walking-with-god', 'Walking With God'],
];

export const DEMO_SUBTOPICS: [slug: string, name: string, description: string, tag: string][] = [
  ['peace-in-anxiety', 'Peace in Anxiety', 'Stories for anxious hearts and sleepless nights.', 'anxiety'],
  ['family-faith', 'Family Faith', 'Faith at home, with children and parents.', 'family'],
  ['learning-to-pray', 'Learning to Pray', 'Honest stories about a life of prayer.', 'prayer'],
];
