import { env } from '../../lib/env';
import { escapeHtml } from '../../lib/escape-html';
import { VERSE_OF_THE_DAY_TITLE, type VerseReaderLanguage } from './daily-verses.limits';
import type { VerseOfTheDay } from './daily-verses.schema';
import { getVerseOfTheDay } from './daily-verses.service';

// The verse of the day as the top of a mail (docs/decisions/049-verse-of-the-day.md): the daily
// devotional's newsletter opens with it. HTML escaped as every mail of the site is
// (src/server/lib/escape-html.ts, as newsletters-mail.ts does); the text part is plain. The passage's
// name links to its page on the site.

export type MailPart = { html: string; text: string };

const base = () => env.PUBLIC_URL.replace(/\/+$/, '');

/** A verse of the day written for a mail. */
export function verseMailPart(verse: VerseOfTheDay): MailPart {
  const title = VERSE_OF_THE_DAY_TITLE[verse.language];
  const url = `${base()}${verse.href}`;
  const words = verse.verses.map((v) => v.text).join(' ');
  const lang = verse.language === 'zh' ? 'zh-CN' : 'en';
  const html =
    `<div lang="${lang}" style="margin:0 0 28px;padding:16px 20px;border-left:3px solid #c2571a;background:#fbf7ee">` +
    `<p style="margin:0 0 8px;font-family:Arial,sans-serif;font-size:12px;font-weight:bold;letter-spacing:0.08em;text-transform:uppercase;color:#c2571a">${escapeHtml(title)}</p>` +
    `<p style="margin:0 0 8px;font-size:19px;line-height:1.5">${escapeHtml(words)}</p>` +
    `<p style="margin:0;font-family:Arial,sans-serif;font-size:14px;color:#6b6b6b">` +
    `<a href="${escapeHtml(url)}" style="color:#1f1f1f">${escapeHtml(verse.display)}</a> · ${escapeHtml(verse.translationName)}</p>` +
    `</div>`;
  const text = `${title}\n${words}\n— ${verse.display} (${verse.translationName})\n${url}\n`;
  return { html, text };
}

/** The verse of the site's day at `at` for readers of `language`, written for a mail. */
export async function verseOfTheDayMail(language: VerseReaderLanguage, at = new Date()): Promise<MailPart> {
  return verseMailPart(await getVerseOfTheDay(language, at));
}
