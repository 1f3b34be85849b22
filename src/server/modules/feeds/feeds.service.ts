import { env } from '../../lib/env';
import { toReaderLanguage } from '../../lib/reader-language';
import { untilSiteChanges } from '../page-cache/site-version.service';
import { listFeedStories, type FeedStory } from './feed-stories.service';
import { findTag } from '../tags/tags.service';
import { findPublicationHome } from '../publications/publications.service';
import { subdomainFormProblem } from '../subdomains/reserved-subdomains';
import { findUserHome } from '../users/users.service';
import { readPassage } from '../scripture/passages';
import { displayPassage } from '../scripture/references/passage-display';
import { feedPaths } from './feeds-paths';
import { renderRss } from './feeds-rss';

// The RSS feeds (issue 11): the site's, a writer's (/@{subdomain}/feed), a publication's
// (/{subdomain}/feed) and a tag's (/tags/{slug}/feed), each the newest public stories with their
// full bodies. null: no such writer (or a banned one), publication or tag — the route answers 404.
// Feeds are read as an anonymous visitor sees the site, whoever asks, so each is made once per
// change of the site and kept until the next (decision 026): feed readers poll.

export const FEED_SIZE = 20;

const SITE_DESCRIPTION =
  'Stories, devotions and publications that bring light to everyday faith, from the writers of Lamplight.';

// A feed's <language> (RSS 2.0 has one per channel): the site's feed is in the site's language
// (DEFAULT_LANGUAGE, as the home page reads it) and a publication's in the language its settings
// name. A writer's and a tag's are in the language most of their stories are written in — what a
// reader of the feed gets — or, for an empty feed, the writer's chosen language and the site's. (A
// writer's chosen language alone would also be stale here: changing it does not bump the site
// version the feeds are kept under, decision 026, while every story change does.)
const siteLanguage = (): string => toReaderLanguage(env.DEFAULT_LANGUAGE) ?? 'en';

function storiesLanguage(stories: readonly FeedStory[], fallback: string): string {
  const counts = new Map<string, number>();
  for (const story of stories) counts.set(story.languageCode, (counts.get(story.languageCode) ?? 0) + 1);
  let best = fallback;
  let most = 0;
  // Ties go to the language of the newer story (stories come newest first; Map keeps that order).
  for (const [language, count] of counts) if (count > most) [best, most] = [language, count];
  return best;
}

async function renderSiteFeed(): Promise<string> {
  const stories = await listFeedStories({ kind: 'site' }, FEED_SIZE);
  return renderRss(
    {
      title: 'Lamplight',
      description: SITE_DESCRIPTION,
      link: '/',
      self: feedPaths.site,
      language: siteLanguage(),
    },
    stories,
    env.PUBLIC_URL,
  );
}

async function renderWriterFeed(rawSubdomain: string): Promise<string | null> {
  const subdomain = rawSubdomain.trim().toLowerCase();
  if (subdomainFormProblem(subdomain) !== null) return null;
  const writer = await findUserHome(null, subdomain);
  if (!writer?.subdomain) return null;
  const stories = await listFeedStories({ kind: 'writer', authorId: writer.id }, FEED_SIZE);
  return renderRss(
    {
      title: `${writer.name} on Lamplight`,
      description: writer.description || `Stories by ${writer.name} on Lamplight.`,
      link: `/@${writer.subdomain}`,
      self: feedPaths.writer(writer.subdomain),
      language: storiesLanguage(stories, writer.preferLanguageCode),
    },
    stories,
    env.PUBLIC_URL,
  );
}

async function renderPublicationFeed(rawSubdomain: string): Promise<string | null> {
  const subdomain = rawSubdomain.trim().toLowerCase();
  if (subdomainFormProblem(subdomain) !== null) return null;
  const publication = await findPublicationHome(subdomain);
  if (!publication) return null;
  const stories = await listFeedStories({ kind: 'publication', publicationId: publication.id }, FEED_SIZE);
  return renderRss(
    {
      title: publication.name,
      description: publication.description || `Stories from ${publication.name} on Lamplight.`,
      link: `/${subdomain}`,
      self: feedPaths.publication(subdomain),
      language: publication.languageCode,
    },
    stories,
    env.PUBLIC_URL,
  );
}

async function renderTagFeed(rawSlug: string): Promise<string | null> {
  const slug = rawSlug.trim().toLowerCase();
  if (slug === '' || slug.length > 200) return null;
  const tag = await findTag(slug);
  if (tag === undefined) return null;
  const { name } = tag;
  const stories = await listFeedStories({ kind: 'tag', tagSlug: slug }, FEED_SIZE);
  return renderRss(
    {
      title: `${name} on Lamplight`,
      description: `The newest stories tagged ${name} on Lamplight.`,
      link: `/tags/${encodeURIComponent(slug)}`,
      self: feedPaths.tag(slug),
      language: storiesLanguage(stories, siteLanguage()),
    },
    stories,
    env.PUBLIC_URL,
  );
}

async function renderPassageFeed(osis: string): Promise<string | null> {
  const passage = readPassage(osis);
  if (!passage) return null;
  const stories = await listFeedStories(
    { kind: 'passage', startKey: passage.startKey, endKey: passage.endKey },
    FEED_SIZE,
  );
  const language = storiesLanguage(stories, siteLanguage());
  const display = displayPassage(passage.osis, language.startsWith('zh') ? 'zh' : 'en')!;
  return renderRss(
    {
      title: `${display} on Lamplight`,
      description: `The newest stories on Lamplight citing ${display}.`,
      link: `/scripture/${passage.osis}`,
      self: feedPaths.passage(passage.osis),
      language,
    },
    stories,
    env.PUBLIC_URL,
  );
}

export const siteFeed = untilSiteChanges(renderSiteFeed);
export const writerFeed = untilSiteChanges(renderWriterFeed);
export const publicationFeed = untilSiteChanges(renderPublicationFeed);
export const tagFeed = untilSiteChanges(renderTagFeed);
/** A scripture passage's feed (issue 24): the stories citing it or a passage overlapping it. */
export const passageFeed = untilSiteChanges(renderPassageFeed);
