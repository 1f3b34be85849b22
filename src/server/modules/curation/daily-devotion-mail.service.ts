import { TOPIC_DAILY_DEVOTIONAL } from '../../../lib/topics';
import { env } from '../../lib/env';
import { log } from '../../observability/logger';
import { hasTopicEdition, startTopicEdition } from '../newsletters/newsletters-editions.service';
import { siteDayOf } from '../scripture/daily-verses.choice';
import { todaysDevotion } from './curation.service';

// The daily devotional's mail (docs/decisions/051-daily-devotional-mail.md): every day from
// DAILY_DEVOTIONAL_HOUR (UTC) the active subscribers of the `daily-devotional` site topic — those who
// subscribed on /daily-newsletter — receive one mail: the verse of the day, then today's devotion as
// /dailydevotion shows it. This module knows the devotion; the newsletters module below it sends:
// the day's devotion becomes the topic's edition of the day, made once per (topic, day), and from
// then on a newsletter entry like any other. The verse is added while the sender writes the mail
// (daily-devotion-mail.listeners.ts).

export type DailyDevotionalOutcome =
  /** Before the day's hour. */
  | 'not-yet'
  /** The day's edition exists (this or another process made it). */
  | 'made-already'
  /** No devotion story today (none curated, or none a reader may see): no mail. */
  | 'no-devotion'
  | 'started';

/** When the daily devotional of `now`'s site day (UTC) falls due: that day at `hour`:00 UTC. */
export function dailyDevotionalDueAt(now: Date, hour: number = env.DAILY_DEVOTIONAL_HOUR): Date {
  return new Date(`${siteDayOf(now).date}T${String(hour).padStart(2, '0')}:00:00.000Z`);
}

/** The last day this process logged that it had no devotion to mail (once a day, not every sweep). */
let reportedDay: string | null = null;

/**
 * Hands the day's devotion to the newsletter sender as the daily devotional's edition of the day,
 * once it is due. The sweep's effect: idempotent by (topic, day), safe in any number of processes.
 */
export async function startDailyDevotional(now = new Date()): Promise<DailyDevotionalOutcome> {
  const at = dailyDevotionalDueAt(now);
  if (now.getTime() < at.getTime()) return 'not-yet';
  const day = siteDayOf(now).date;
  if (await hasTopicEdition(TOPIC_DAILY_DEVOTIONAL, day)) return 'made-already';
  const devotion = await todaysDevotion(null, now);
  if (!devotion?.publicationId) {
    if (reportedDay !== day) {
      reportedDay = day;
      log('curation').info({ day }, 'no devotion story today: the daily devotional is not mailed');
    }
    return 'no-devotion';
  }
  const entryId = await startTopicEdition({
    topicSlug: TOPIC_DAILY_DEVOTIONAL,
    day,
    story: { id: devotion.id, title: devotion.title, publicationId: devotion.publicationId },
    at,
  });
  if (!entryId) return 'made-already';
  log('curation').info({ day, entryId, postId: devotion.id }, 'daily devotional handed to the sender');
  return 'started';
}
