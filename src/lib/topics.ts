// Newsletter topics the client names directly (SPEC §9, DESIGN §6). Publication topics come from the API.
export const TOPIC_ANXIETY = 'anxiety';
export const TOPIC_DAILY_DEVOTIONAL = 'daily-devotional';

/** The subscriber's time zone for delivery times; UTC when the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export type SiteTopic = { topic: string; name: string; description: string };

/**
 * The site's own newsletter topics (SPEC §9) as /daily-newsletter offers them, in its order: slug
 * and name as migration 0004 made them (tests/api/subscriptions.api.test.ts checks they agree), and
 * the line a reader chooses by. The daily devotional leads the page; the others follow it.
 */
export const SITE_TOPICS: readonly SiteTopic[] = [
  {
    topic: TOPIC_DAILY_DEVOTIONAL,
    name: 'Daily Devotional',
    description: 'A passage of Scripture, a short reflection and a prayer to carry with you.',
  },
  {
    topic: 'prayer',
    name: 'Prayer',
    description: 'Honest words about a life of prayer, and a prayer to pray along when words run out.',
  },
  {
    topic: 'walking-with-god',
    name: 'Walking With God',
    description: 'What following Jesus looks like on ordinary days: at work, at home and in between.',
  },
  {
    topic: 'bible-study',
    name: 'Bible Study',
    description: 'One passage read slowly: its background, questions to ponder and notes for small groups.',
  },
  {
    topic: 'faith-and-family',
    name: 'Faith and Family',
    description: 'Stories, prayers and ideas for faith at home, with children, parents and grandparents.',
  },
  {
    topic: 'hope-and-healing',
    name: 'Hope and Healing',
    description: "For the hurting: God's comfort through illness, grief and the long road of recovery.",
  },
  {
    topic: 'help-way',
    name: 'Help Way',
    description:
      'Practical help for hard seasons, from money and work to caring for others, with the Word that meets them.',
  },
  {
    topic: TOPIC_ANXIETY,
    name: 'Anxiety',
    description: 'Short letters of Scripture and prayer for anxious days.',
  },
];
