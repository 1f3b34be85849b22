import { storyPath } from '../../../lib/slug';
import type { FeedStory } from './feed-stories.service';
import { absoluteUrl, absolutizeHtml, cdata, escapeXml, rfc822 } from './feeds-xml';

// RSS 2.0 (https://www.rssboard.org/rss-specification) with content:encoded for the full body,
// dc:creator for the writer and atom:link rel="self" as feed validators ask.

export type FeedChannel = {
  title: string;
  description: string;
  /** The page the feed belongs to (site-relative or absolute). */
  link: string;
  /** The feed's own address (site-relative or absolute). */
  self: string;
  /** The language of the scope (RSS 2.0 <language>): a language tag such as `en`, `zh` or `zh-TW`. */
  language: string;
};

// RSS 2.0 takes the codes of RFC 1766 (today BCP 47): a 2–3 letter primary language and subtags.
// The codes come from the database and the configuration, both validated; a value of another shape
// (a hand-edited row, a misconfigured DEFAULT_LANGUAGE) is left out rather than written wrong.
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

function item(story: FeedStory, base: string): string {
  const link = absoluteUrl(base, storyPath(story));
  const image = story.featureImageUrl
    ? `<p><img src="${escapeXml(absoluteUrl(base, story.featureImageUrl))}" alt="" /></p>`
    : '';
  const body = absolutizeHtml(`${image}${story.bodyHtml}`, base);
  return [
    '<item>',
    `<title>${escapeXml(story.title || 'Untitled')}</title>`,
    `<link>${escapeXml(link)}</link>`,
    `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
    `<pubDate>${rfc822(story.publishedAt)}</pubDate>`,
    `<dc:creator>${escapeXml(story.author.name)}</dc:creator>`,
    ...story.tags.map((tag) => `<category>${escapeXml(tag.name)}</category>`),
    `<description>${escapeXml(story.excerpt)}</description>`,
    `<content:encoded>${cdata(body)}</content:encoded>`,
    '</item>',
  ].join('\n');
}

/** The whole feed document. lastBuildDate: the newest story's time (stable while nothing changes). */
export function renderRss(channel: FeedChannel, stories: readonly FeedStory[], base: string): string {
  const newest = stories[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(absoluteUrl(base, channel.link))}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    `<atom:link href="${escapeXml(absoluteUrl(base, channel.self))}" rel="self" type="application/rss+xml" />`,
    LANGUAGE_TAG.test(channel.language) ? `<language>${escapeXml(channel.language)}</language>` : '',
    newest ? `<lastBuildDate>${rfc822(newest)}</lastBuildDate>` : '',
    '<generator>Lamplight</generator>',
    ...stories.map((story) => item(story, base)),
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
