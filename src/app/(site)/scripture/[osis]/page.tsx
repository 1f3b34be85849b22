import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { notFound, permanentRedirect } from 'next/navigation';
import { cache } from 'react';
import { publicAddress } from '@/components/share/share-links';
import { PassagePage } from '@/components/scripture/passage-page';
import { safeDecode } from '@/lib/url';
import { CURSOR_PATTERN, encodeCursor } from '@/server/lib/cursor';
import { env } from '@/server/lib/env';
import { LANGUAGE_COOKIE } from '@/server/lib/reader-language';
import { readerLocale } from '@/server/lib/reader-locale';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';
import { passagePath, readPassage, type ReadPassage } from '@/server/modules/scripture/passages';
import { getPassagePage } from '@/server/modules/scripture/passages.service';
import { parseScriptureQuery } from '@/server/modules/scripture/references/scripture-references';
import { listCitingStories, PASSAGE_POSTS_LIMIT } from '@/server/modules/scripture/scripture-refs.service';

// /scripture/{osis} (issue 24 item 3, docs/decisions/047-passage-pages.md): a passage — a verse, a
// range, a chapter (/scripture/Ps.23) or a book (/scripture/Gen, its chapters as links) — in the
// reader's language's translation, and the published stories citing it or an overlapping passage,
// newest first, ?lastKey= for the next page. One HTML per passage and language, kept by the passage
// page cache (it reads the language cookie and Accept-Language, never the session). Another
// spelling of a passage ('John.3.16-John.3.16', 'John 3:16') moves to its canonical address; an
// address that names no passage is the 404 page.

type Props = {
  params: Promise<{ osis: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

type Found = { passage: ReadPassage } | { moved: string } | null;

/** The passage the address names, or where it should be asked for, or nothing. */
const loadPassage = cache((asked: string): Found => {
  const passage = readPassage(asked);
  if (passage) return passage.osis === asked ? { passage } : { moved: passage.osis };
  // A reference typed into the address bar: /scripture/John%203:16, /scripture/jn.3.16.
  const typed = parseScriptureQuery(
    asked.replace(/[._]+/g, ' ').slice(0, 60),
    /[\u3400-\u9fff]/.test(asked) ? 'zh' : 'en',
  );
  const moved = typed && readPassage(typed.osis);
  return moved ? { moved: moved.osis } : null;
});

const readerLanguage = cache(async () => {
  const [requestHeaders, cookieStore] = await Promise.all([headers(), cookies()]);
  return readerLocale({ headers: requestHeaders, cookie: cookieStore.get(LANGUAGE_COOKIE)?.value })
    .languageCode;
});

const loadPage = cache(async (osis: string) => {
  const found = loadPassage(osis);
  if (!found || !('passage' in found)) return null;
  return getPassagePage(found.passage, await readerLanguage());
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const page = await loadPage(safeDecode((await params).osis));
  if (!page) return { title: 'Page not found', robots: { index: false } };
  const url = publicAddress(env.PUBLIC_URL, passagePath(page.osis));
  const words = page.verses.map((verse) => verse.text).join(' ');
  const description =
    (words.length > 155 ? `${words.slice(0, 155).trimEnd()}…` : words) ||
    `${page.display}: the passage and the stories citing it on Lamplight.`;
  const later = first((await searchParams).lastKey) !== undefined;
  return {
    title: page.display,
    description,
    ...(later && { robots: { index: false, follow: true } }),
    alternates: {
      canonical: url,
      types: rssAlternate(env.PUBLIC_URL, feedPaths.passage(page.osis), `${page.display} on Lamplight`),
    },
    openGraph: { type: 'website', url, title: page.display, description, siteName: 'Lamplight' },
    twitter: { card: 'summary', title: page.display, description },
  };
}

export default async function ScripturePassageRoute({ params, searchParams }: Props) {
  const asked = safeDecode((await params).osis);
  const found = loadPassage(asked);
  if (!found) notFound();
  const query = await searchParams;
  const rawKey = first(query.lastKey);
  // A cursor that is no cursor starts from the newest story (it names no page to resume).
  const lastKey = rawKey !== undefined && CURSOR_PATTERN.test(rawKey) ? rawKey : undefined;
  if ('moved' in found) {
    permanentRedirect(
      `${passagePath(found.moved)}${lastKey ? `?lastKey=${encodeURIComponent(lastKey)}` : ''}`,
    );
  }
  const page = (await loadPage(asked))!;
  const stories = await listCitingStories(null, page, { lastKey, limit: PASSAGE_POSTS_LIMIT });
  const moreHref = stories.lastKey
    ? `${passagePath(page.osis)}?lastKey=${encodeURIComponent(encodeCursor(stories.lastKey))}`
    : null;
  return (
    <PassagePage
      passage={page}
      stories={stories}
      moreHref={moreHref}
      later={lastKey !== undefined && lastKey !== '' && lastKey !== 'null'}
      feedHref={feedPaths.passage(page.osis)}
    />
  );
}
