import { env } from '../../lib/env';
import { escapeHtml } from '../../lib/escape-html';
import type { OutgoingMail } from '../../lib/mail';
import type { Notification } from './notifications.schema';
import { digestOffToken } from './notifications-tokens';

// The daily digest as a mail (docs/decisions/055-notifications.md): the reader's unread
// notifications since the last digest, each a line with its link, in the newsletters' frame; a
// one-click unsubscribe (RFC 8058 List-Unsubscribe + List-Unsubscribe-Post, a signed token) that
// turns the digest off. Header values go through lib/mail-message.ts, which encodes every one with
// nodemailer's own functions: nothing here writes a header line.

const base = () => env.PUBLIC_URL.replace(/\/+$/, '');
const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${base()}${url}` : url);
const messageDomain = () => new URL(base()).hostname || 'lamplight.local';

export const digestLinks = {
  /** The page: GET shows a button (link scanners change nothing); the API address takes the one-click POST. */
  offPage: (token: string) => `${base()}/me/notifications/digest-off?token=${encodeURIComponent(token)}`,
  oneClick: (token: string) =>
    `${base()}/api/notifications/digest/unsubscribe?token=${encodeURIComponent(token)}`,
  list: () => `${base()}/me/notifications`,
  settings: () => `${base()}/authors/edit-profile#notifications`,
};

export const digestSubject = (total: number) =>
  total === 1
    ? 'You have 1 new notification on Lamplight'
    : `You have ${total} new notifications on Lamplight`;

const dateOf = (ms: number) => new Date(ms).toUTCString().replace(/:\d\d GMT$/, ' UTC');

/** One reader's digest of one day. `total` may exceed the items listed: the rest wait on the site. */
export function digestMail(input: {
  userId: string;
  email: string;
  day: string;
  items: Notification[];
  total: number;
}): OutgoingMail {
  const token = digestOffToken(input.userId);
  const off = digestLinks.offPage(token);
  const more = input.total - input.items.length;
  const itemsHtml = input.items
    .map((item) => {
      const text = escapeHtml(item.message);
      const line = item.link ? `<a href="${escapeHtml(absolute(item.link))}">${text}</a>` : text;
      return (
        `<li style="margin:0 0 12px">${line}` +
        `<br><span style="color:#6b6b6b;font-size:13px">${escapeHtml(dateOf(item.createdAt))}</span></li>`
      );
    })
    .join('');
  const html =
    `<!doctype html><html><body style="margin:0;background:#f6f4ef">` +
    `<div style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff;font-family:Georgia,serif;color:#1f1f1f">` +
    `<h1 style="font-size:22px">${escapeHtml(digestSubject(input.total))}</h1>` +
    `<ul style="padding-left:18px;font-size:16px;line-height:1.5">${itemsHtml}</ul>` +
    (more > 0 ? `<p>…and ${more} more.</p>` : '') +
    `<p><a href="${escapeHtml(digestLinks.list())}">See all your notifications</a></p>` +
    `<p style="color:#6b6b6b;font-size:13px;line-height:1.5;margin-top:32px">` +
    `You receive this daily digest because you turned it on in your notification settings. ` +
    `<a href="${escapeHtml(off)}">Turn off the daily digest</a> · ` +
    `<a href="${escapeHtml(digestLinks.settings())}">Notification settings</a></p>` +
    `</div></body></html>`;
  const text =
    `${digestSubject(input.total)}\n\n` +
    input.items
      .map((item) => `- ${item.message}${item.link ? `\n  ${absolute(item.link)}` : ''}`)
      .join('\n') +
    (more > 0 ? `\n…and ${more} more.` : '') +
    `\n\nSee all your notifications: ${digestLinks.list()}\n\n` +
    `Turn off the daily digest: ${off}\nNotification settings: ${digestLinks.settings()}\n`;
  return {
    to: input.email,
    subject: digestSubject(input.total),
    // One id per (reader, day): whatever happens, a receiver sees the same message.
    messageId: `<digest.${input.userId}.${input.day}@${messageDomain()}>`,
    headers: {
      'List-Unsubscribe': `<${digestLinks.oneClick(token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    html,
    text,
  };
}
