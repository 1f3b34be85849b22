import { passagePath } from '../../../lib/scripture-links';
import { env } from '../../lib/env';
import { escapeHtml } from '../../lib/escape-html';
import type { OutgoingMail } from '../../lib/mail';
import { subscriberMail } from '../newsletters/newsletters-mail';
import { readerToken } from './plans-tokens';

// A reading plan's day as a mail (docs/decisions/050-reading-plans.md): the story (its body, as a
// newsletter carries it), the day's passages with their text, and the link that marks the day read —
// in the newsletters' frame, with their unsubscribe footer and RFC 8058 headers (subscriberMail).

const base = () => env.PUBLIC_URL.replace(/\/+$/, '');
const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${base()}${url}` : url);

const HREF = /(<a\b[^>]*?\bhref=")([^"]*)(")/gi;
const SRC = /(<img\b[^>]*?\bsrc=")([^"]*)(")/gi;
const decodeAttribute = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
/** A story's (sanitised) body with its site-relative links and images made absolute for a mail. */
const absoluteBody = (html: string) => html.replace(SRC, absoluteAttribute).replace(HREF, absoluteAttribute);
function absoluteAttribute(_: string, open: string, url: string, close: string) {
  return `${open}${escapeHtml(absolute(decodeAttribute(url)))}${close}`;
}

function htmlToText(html: string): string {
  return decodeAttribute(
    html
      .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/pre)\b[^>]*>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '- ')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' '),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type PlanMailDay = {
  plan: { id: string; title: string; publicationName: string; totalDays: number };
  day: number;
  story: { title: string; authorName: string; path: string; bodyHtml: string } | null;
  passages: { osis: string; display: string; verses: { number: number; text: string }[]; more: boolean }[];
};

/** The links a day's mail carries: the page that marks it read (a button: a scanner's GET marks nothing). */
export const planLinks = {
  plan: (planId: string) => `${base()}/plans/${planId}`,
  markRead: (planId: string, day: number, token: string) =>
    `${base()}/plans/${planId}?day=${day}&token=${encodeURIComponent(token)}`,
};

/** "Day 2 of 7: Still Waters (Psalms at Dawn)": the day first, so a reader's inbox lists them in order. */
export const planDaySubject = (mail: Pick<PlanMailDay, 'plan' | 'day' | 'story'>) =>
  `Day ${mail.day} of ${mail.plan.totalDays}${mail.story ? `: ${mail.story.title}` : ''} (${mail.plan.title})`;

const BUTTON =
  'display:inline-block;padding:10px 18px;background:#1f1f1f;color:#ffffff;text-decoration:none;border-radius:4px';

/** The day for one reader: their own mark-read link, unsubscribe link and headers. */
export function planDayMail(
  mail: PlanMailDay,
  recipient: { readerId: string; subscriptionId: string; email: string },
): OutgoingMail {
  const { plan, day, story, passages } = mail;
  const markRead = planLinks.markRead(plan.id, day, readerToken(recipient.readerId));
  const planUrl = planLinks.plan(plan.id);
  const storyUrl = story ? absolute(story.path) : null;
  const passagesHtml = passages
    .map((passage) => {
      const url = absolute(passagePath(passage.osis));
      const verses = passage.verses
        .map((verse) => `<sup>${verse.number}</sup>&nbsp;${escapeHtml(verse.text)}`)
        .join(' ');
      return (
        `<blockquote style="margin:16px 0;padding-left:12px;border-left:3px solid #c2571a">` +
        `<p style="font-family:Arial,sans-serif;font-weight:bold"><a href="${escapeHtml(url)}">${escapeHtml(passage.display)}</a></p>` +
        (verses ? `<p style="line-height:1.6">${verses}${passage.more ? ' …' : ''}</p>` : '') +
        `</blockquote>`
      );
    })
    .join('');
  const html =
    `<p style="font-family:Arial,sans-serif;font-size:15px;font-weight:bold">${escapeHtml(plan.publicationName)} · ` +
    `<a href="${escapeHtml(planUrl)}">${escapeHtml(plan.title)}</a></p>` +
    `<p style="color:#6b6b6b;font-family:Arial,sans-serif">Day ${day} of ${plan.totalDays}</p>` +
    passagesHtml +
    (story && storyUrl
      ? `<h1 style="font-size:28px;line-height:1.25">${escapeHtml(story.title)}</h1>` +
        `<p style="color:#6b6b6b">By ${escapeHtml(story.authorName)}</p>` +
        `<div style="font-size:18px;line-height:1.6">${absoluteBody(story.bodyHtml)}</div>` +
        `<p><a href="${escapeHtml(storyUrl)}">Read it on Lamplight</a></p>`
      : '') +
    `<p style="margin-top:24px"><a href="${escapeHtml(markRead)}" style="${BUTTON}">Mark day ${day} as read</a></p>`;
  const passagesText = passages
    .map(
      (passage) =>
        `${passage.display} (${absolute(passagePath(passage.osis))})\n` +
        passage.verses.map((verse) => `${verse.number} ${verse.text}`).join(' ') +
        (passage.more ? ' …' : ''),
    )
    .join('\n\n');
  const text =
    `${plan.publicationName} · ${plan.title}\nDay ${day} of ${plan.totalDays}\n\n` +
    (passagesText ? `${passagesText}\n\n` : '') +
    (story && storyUrl
      ? `${story.title}\nBy ${story.authorName}\n\n${htmlToText(story.bodyHtml)}\n\nRead it on Lamplight: ${storyUrl}\n\n`
      : '') +
    `Mark day ${day} as read: ${markRead}\nThe plan: ${planUrl}`;
  return subscriberMail({
    subscriptionId: recipient.subscriptionId,
    email: recipient.email,
    subject: planDaySubject(mail),
    fromName: plan.publicationName,
    // One id per (reader, day): whatever happens, a receiver sees the same message.
    messageKey: `plan.${plan.id}.${recipient.readerId}.${day}`,
    html,
    text,
  });
}
