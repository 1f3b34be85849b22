import { randomBytes } from 'node:crypto';
import { storyPath } from '../../../lib/slug';
import { env } from '../../lib/env';
import type { OutgoingMail } from '../../lib/mail';
import { escapeHtml } from '../../lib/escape-html';
import { clickToken, confirmToken, manageToken, openToken, unsubscribeToken } from './newsletters-tokens';
import type { NewsletterPart } from './newsletters.events';

// What the mails say and link to (DESIGN §6): the double opt-in confirmation and a story as a
// newsletter. Every mail carries an unsubscribe link, the subscriber's own page, and RFC 8058's
// List-Unsubscribe + List-Unsubscribe-Post headers (one POST, no sign-in, a signed token).

const base = () => env.PUBLIC_URL.replace(/\/+$/, '');
const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${base()}${url}` : url);

export const links = {
  confirm: (token: string) => `${base()}/subscriptions/confirm?token=${encodeURIComponent(token)}`,
  /** The page (GET shows a button); the same address under /api takes the one-click POST. */
  unsubscribePage: (token: string) =>
    `${base()}/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`,
  oneClick: (token: string) => `${base()}/api/subscriptions/unsubscribe?token=${encodeURIComponent(token)}`,
  manage: (token: string) => `${base()}/subscriptions/manage?token=${encodeURIComponent(token)}`,
  open: (token: string) => `${base()}/api/newsletters/open/${encodeURIComponent(token)}`,
  click: (token: string, url: string) =>
    `${base()}/api/newsletters/click?t=${encodeURIComponent(token)}&u=${encodeURIComponent(url)}`,
};

function unsubscribeHeaders(token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.oneClick(token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

const messageDomain = () => new URL(base()).hostname || 'lamplight.local';

const footerHtml = (unsubscribe: string, manage: string) =>
  `<p style="color:#6b6b6b;font-size:13px;line-height:1.5;margin-top:32px">` +
  `You receive this because you subscribed with this address. ` +
  `<a href="${escapeHtml(unsubscribe)}">Unsubscribe</a> · <a href="${escapeHtml(manage)}">Manage your subscriptions</a></p>`;

const frame = (inner: string) =>
  `<!doctype html><html><body style="margin:0;background:#f6f4ef">` +
  `<div style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff;font-family:Georgia,serif;color:#1f1f1f">` +
  `${inner}</div></body></html>`;

/** The double opt-in mail: its link activates the subscription. */
export function confirmationMail(input: {
  subscriptionId: string;
  email: string;
  nonce: string;
  topicName: string;
}): OutgoingMail {
  const confirm = links.confirm(confirmToken(input.subscriptionId, input.nonce));
  const unsubscribe = unsubscribeToken(input.subscriptionId, null);
  const manage = links.manage(manageToken(input.email));
  const topic = escapeHtml(input.topicName);
  return {
    to: input.email,
    subject: `Confirm your subscription to ${input.topicName}`,
    messageId: `<confirm.${input.subscriptionId}.${Date.now()}@${messageDomain()}>`,
    headers: unsubscribeHeaders(unsubscribe),
    html: frame(
      `<h1 style="font-size:24px">Please confirm your subscription</h1>` +
        `<p>Someone (we hope you) asked to receive <strong>${topic}</strong> at this address.</p>` +
        `<p><a href="${escapeHtml(confirm)}" style="display:inline-block;padding:10px 18px;background:#1f1f1f;color:#ffffff;text-decoration:none;border-radius:4px">Confirm my subscription</a></p>` +
        `<p style="color:#6b6b6b">If it was not you, ignore this mail: nothing will be sent without a confirmation. The link works for 7 days.</p>` +
        footerHtml(links.unsubscribePage(unsubscribe), manage),
    ),
    text:
      `Please confirm your subscription\n\nSomeone (we hope you) asked to receive ${input.topicName} at this address.\n\n` +
      `Confirm: ${confirm}\n\nIf it was not you, ignore this mail: nothing will be sent without a confirmation.\n\n` +
      `Unsubscribe: ${links.unsubscribePage(unsubscribe)}\nManage your subscriptions: ${manage}\n`,
  };
}

export type NewsletterStory = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  featureImageUrl: string | null;
  bodyHtml: string;
  authorName: string;
};
export type NewsletterPublication = { name: string; image: string | null };

/**
 * A story rendered once per entry: the HTML with each link replaced by a numbered slot, filled per
 * recipient with that recipient's signed click link (only the URLs collected here can be redirected to).
 */
export type NewsletterTemplate = {
  entryId: string;
  subject: string;
  /** The publication's name, shown as the sender (the address stays the site's own). */
  fromName: string;
  html: string;
  text: string;
  urls: string[];
  /** The random mark of this template's slots. */
  mark: string;
};

const HREF = /(<a\b[^>]*?\bhref=")([^"]*)(")/gi;
const SRC = /(<img\b[^>]*?\bsrc=")([^"]*)(")/gi;

const decodeAttribute = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

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

export function renderNewsletter(
  entryId: string,
  story: NewsletterStory,
  publication: NewsletterPublication,
  /** Parts above the story, under the publication's name (the daily devotional's verse of the day). */
  preface: readonly NewsletterPart[] = [],
): NewsletterTemplate {
  // The per-recipient slots carry a random mark: a story that itself contains "{{footer}}" cannot
  // move the unsubscribe footer or stand in for a link.
  const mark = randomBytes(8).toString('hex');
  const urls: string[] = [];
  const slot = (url: string) => {
    urls.push(url);
    return `{{${mark}:link:${urls.length - 1}}}`;
  };
  const storyUrl = `${base()}${storyPath(story)}`;
  const body = story.bodyHtml
    .replace(
      SRC,
      (_, open: string, url: string, close: string) =>
        `${open}${escapeHtml(absolute(decodeAttribute(url)))}${close}`,
    )
    .replace(HREF, (whole, open: string, url: string, close: string) => {
      const target = absolute(decodeAttribute(url));
      return /^https?:\/\//i.test(target) ? `${open}${slot(target)}${close}` : whole;
    });
  const logo = publication.image
    ? `<img src="${escapeHtml(absolute(publication.image))}" alt="" width="40" height="40" style="border-radius:4px;vertical-align:middle;margin-right:8px">`
    : '';
  const feature = story.featureImageUrl
    ? `<p><img src="${escapeHtml(absolute(story.featureImageUrl))}" alt="" style="max-width:100%;height:auto"></p>`
    : '';
  const readSlot = slot(storyUrl);
  const html = frame(
    `<p style="font-family:Arial,sans-serif;font-size:15px;font-weight:bold">${logo}${escapeHtml(publication.name)}</p>` +
      preface.map((part) => part.html).join('') +
      `<h1 style="font-size:28px;line-height:1.25">${escapeHtml(story.title)}</h1>` +
      `<p style="color:#6b6b6b">By ${escapeHtml(story.authorName)}</p>` +
      feature +
      `<div style="font-size:18px;line-height:1.6">${body}</div>` +
      `<p><a href="${readSlot}">Read it on Lamplight</a></p>` +
      `{{${mark}:footer}}<img src="{{${mark}:open}}" alt="" width="1" height="1" style="display:block;border:0">`,
  );
  const text =
    `${publication.name}\n\n${preface.map((part) => `${part.text}\n`).join('')}${story.title}\nBy ${story.authorName}\n\n${htmlToText(story.bodyHtml)}\n\n` +
    `Read it on Lamplight: ${storyUrl}\n\n{{${mark}:footer}}`;
  return { entryId, subject: story.title, fromName: publication.name, html, text, urls, mark };
}

/**
 * A site topic's edition of a day (the daily devotional's mail: docs/decisions/051-daily-devotional-mail.md):
 * under the topic's name, the parts above (the verse of the day), then the story introduced — its
 * title, author and publication, feature image and excerpt — with a link to read it on the site,
 * not its whole text. The same slots as renderNewsletter: personalize() fills each recipient's
 * signed click links, open pixel, unsubscribe footer and headers.
 */
export function renderTopicEdition(
  entryId: string,
  story: NewsletterStory,
  publication: NewsletterPublication,
  topicName: string,
  preface: readonly NewsletterPart[] = [],
): NewsletterTemplate {
  const mark = randomBytes(8).toString('hex');
  const urls: string[] = [];
  const slot = (url: string) => {
    urls.push(url);
    return `{{${mark}:link:${urls.length - 1}}}`;
  };
  const storyUrl = `${base()}${storyPath(story)}`;
  const logo = publication.image
    ? `<img src="${escapeHtml(absolute(publication.image))}" alt="" width="24" height="24" style="border-radius:4px;vertical-align:middle;margin-right:6px">`
    : '';
  const feature = story.featureImageUrl
    ? `<p><img src="${escapeHtml(absolute(story.featureImageUrl))}" alt="" style="max-width:100%;height:auto"></p>`
    : '';
  const excerpt = story.excerpt.trim();
  const html = frame(
    `<p style="font-family:Arial,sans-serif;font-size:15px;font-weight:bold">${escapeHtml(topicName)}</p>` +
      preface.map((part) => part.html).join('') +
      `<p style="font-family:Arial,sans-serif;font-size:13px;color:#6b6b6b;margin:0">${logo}${escapeHtml(publication.name)}</p>` +
      `<h1 style="font-size:28px;line-height:1.25;margin:8px 0"><a href="${slot(storyUrl)}" style="color:#1f1f1f;text-decoration:none">${escapeHtml(story.title)}</a></h1>` +
      `<p style="color:#6b6b6b">By ${escapeHtml(story.authorName)}</p>` +
      feature +
      (excerpt ? `<p style="font-size:18px;line-height:1.6">${escapeHtml(excerpt)}</p>` : '') +
      `<p><a href="${slot(storyUrl)}" style="display:inline-block;padding:10px 18px;background:#1f1f1f;color:#ffffff;text-decoration:none;border-radius:4px">Read it on Lamplight</a></p>` +
      `{{${mark}:footer}}<img src="{{${mark}:open}}" alt="" width="1" height="1" style="display:block;border:0">`,
  );
  const text =
    `${topicName}\n\n${preface.map((part) => `${part.text}\n`).join('')}` +
    `${story.title}\nBy ${story.authorName} · ${publication.name}\n\n${excerpt ? `${excerpt}\n\n` : ''}` +
    `Read it on Lamplight: ${storyUrl}\n\n{{${mark}:footer}}`;
  return { entryId, subject: story.title, fromName: topicName, html, text, urls, mark };
}

/** The template for one recipient: their click links, open pixel, unsubscribe and own-page links. */
export function personalize(
  template: NewsletterTemplate,
  recipient: { subscriptionId: string; email: string },
): OutgoingMail {
  const { entryId, mark } = template;
  const unsubscribe = unsubscribeToken(recipient.subscriptionId, entryId);
  const unsubscribePage = links.unsubscribePage(unsubscribe);
  const manage = links.manage(manageToken(recipient.email));
  const html = template.html
    .replace(new RegExp(`\\{\\{${mark}:link:(\\d+)\\}\\}`, 'g'), (_, index: string) => {
      const url = template.urls[Number(index)]!;
      return escapeHtml(links.click(clickToken(entryId, recipient.subscriptionId, url), url));
    })
    .replace(`{{${mark}:footer}}`, () => footerHtml(unsubscribePage, manage))
    .replace(`{{${mark}:open}}`, () => escapeHtml(links.open(openToken(entryId, recipient.subscriptionId))));
  const text = template.text.replace(
    `{{${mark}:footer}}`,
    () => `Unsubscribe: ${unsubscribePage}\nManage your subscriptions: ${manage}\n`,
  );
  return {
    to: recipient.email,
    subject: template.subject,
    fromName: template.fromName,
    // One id per (entry, recipient): whatever happens, a receiver sees the same message.
    messageId: `<newsletter.${entryId}.${recipient.subscriptionId}@${messageDomain()}>`,
    headers: unsubscribeHeaders(unsubscribe),
    html,
    text,
  };
}

/**
 * A mail to one subscriber of a topic that is not a publication's newsletter (a reading plan's day:
 * docs/decisions/050-reading-plans.md): `html` (already escaped) in the newsletters' frame, then
 * the same footer — unsubscribe and own-page links — and RFC 8058's List-Unsubscribe headers.
 * `messageKey` names the message for good (one per recipient and mail), so a resend is the same one.
 */
export function subscriberMail(input: {
  subscriptionId: string;
  email: string;
  subject: string;
  fromName?: string;
  messageKey: string;
  html: string;
  text: string;
}): OutgoingMail {
  const unsubscribe = unsubscribeToken(input.subscriptionId, null);
  const unsubscribePage = links.unsubscribePage(unsubscribe);
  const manage = links.manage(manageToken(input.email));
  return {
    to: input.email,
    subject: input.subject,
    ...(input.fromName && { fromName: input.fromName }),
    messageId: `<${input.messageKey}@${messageDomain()}>`,
    headers: unsubscribeHeaders(unsubscribe),
    html: frame(`${input.html}${footerHtml(unsubscribePage, manage)}`),
    text: `${input.text}\n\nUnsubscribe: ${unsubscribePage}\nManage your subscriptions: ${manage}\n`,
  };
}
