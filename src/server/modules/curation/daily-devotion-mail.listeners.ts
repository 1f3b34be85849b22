import { TOPIC_DAILY_DEVOTIONAL } from '../../../lib/topics';
import { env } from '../../lib/env';
import { toReaderLanguage } from '../../lib/reader-language';
import { log } from '../../observability/logger';
import { newsletterComposing, type NewsletterComposing } from '../newsletters/newsletters.events';
import { verseOfTheDayMail } from '../scripture/daily-verses.mail';
import type { VerseReaderLanguage } from '../scripture/daily-verses.limits';
import { findLatestDevotionPublicationId } from './curation.repository';

// The daily devotional's mails open with the verse of the day (issue 24 item 4;
// docs/decisions/049-verse-of-the-day.md, 051-daily-devotional-mail.md). Two mails are the daily
// devotional: the `daily-devotional` topic's edition of the day (daily-devotion-mail.service.ts),
// mailed to those who subscribed on /daily-newsletter; and the newsletter of the publication whose
// devotion /dailydevotion shows (the devotion set staff curated last), mailed to its own subscribers.
// The newsletter sender, a module below this one, asks through its event; the runtime subscribes
// this in every process that sends (web server, worker, tests).

/** The language of the verse the mail opens with, or null when the mail is not the daily devotional's. */
async function verseLanguageOf(mail: NewsletterComposing): Promise<VerseReaderLanguage | null> {
  // The topic's subscribers are one audience: a subscription records no language, so the site's.
  if (mail.topicSlug === TOPIC_DAILY_DEVOTIONAL) return toReaderLanguage(env.DEFAULT_LANGUAGE) ?? 'en';
  if (mail.topicSlug !== null) return null;
  if (mail.publicationId !== (await findLatestDevotionPublicationId())) return null;
  // A publication's newsletter: the story's language.
  return toReaderLanguage(mail.languageCode) ?? 'en';
}

/** Puts the verse of the mail's day at the top of the daily devotional's mails. */
async function openWithVerseOfTheDay(mail: NewsletterComposing): Promise<void> {
  try {
    const language = await verseLanguageOf(mail);
    if (language) mail.preface.push(await verseOfTheDayMail(language, mail.at));
  } catch (error) {
    // The story still goes out, without the verse.
    log('newsletters').error({ err: error, entryId: mail.entryId }, 'no verse of the day for the mail');
  }
}

/** Subscribes it, once per process however often it is called (an event holds each function once). */
export function listenForDailyDevotionMails(): () => void {
  return newsletterComposing.on(openWithVerseOfTheDay);
}
