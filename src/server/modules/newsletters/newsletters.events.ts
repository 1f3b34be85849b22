import { defineEvent } from '../../lib/events';

// What the newsletter sender asks the modules built on it while it writes an entry's mail
// (src/server/lib/events.ts): a listener may put a part above the story — the daily devotional's
// newsletter opens with the verse of the day (docs/decisions/049-verse-of-the-day.md). The mail is
// written by each sending pass over the entry (so a send spread over time zones takes the day each
// pass runs on); a listener that fails leaves its part out.

/** A block of the mail: HTML already escaped, and its plain-text twin. */
export type NewsletterPart = { html: string; text: string };

export type NewsletterComposing = {
  entryId: string;
  publicationId: string;
  /**
   * The site topic whose edition this is ('daily-devotional': docs/decisions/051-daily-devotional-mail.md),
   * or null for a publication's own newsletter.
   */
  topicSlug: string | null;
  /** The story's language ('en', 'zh', …). */
  languageCode: string;
  /** The day the mail is for: when it is written, or a site topic's edition's own time. */
  at: Date;
  /** What goes above the story, in order: listeners push to it. */
  preface: NewsletterPart[];
};

/** A newsletter entry's mail is being written: listeners add what goes at its top. */
export const newsletterComposing = defineEvent<NewsletterComposing>('newsletter.composing');
