import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import Link from '@/components/ui/link';
import { HomeFeeds } from '@/components/home/home-feeds';
import { WriteButton } from '@/components/layout/write-button';
import { LampMark } from '@/components/ui/icons';
import { LANGUAGE_COOKIE } from '@/server/lib/reader-language';
import { readerLocale } from '@/server/lib/reader-locale';
import { getHomeSets } from '@/server/modules/curation/curation.service';
import { HOME_PAGE_SIZE, listLatestHomePosts } from '@/server/modules/reading/home-feed.service';
import styles from './home.module.css';
import { env } from '@/server/lib/env';
import { languageAlternates, namedLanguage } from '@/server/lib/language-alternates';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';

// SPEC §2 route /: the home page for every visitor, in the reader's language and country
// (src/server/lib/reader-locale.ts), or in the language its address names (?languageCode=). One HTML
// for every reader of a language and country (decision 031): it reads the language cookie and the
// request's headers, never the session, and the listing page cache keeps it for signed-in readers
// and guests alike (docs/decisions/026-listing-page-caches.md). A render costs one read of the
// curated sets, one hydration query per set (computed sets add one ranking query each) and two for
// the first page of latest stories.

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Each language's version has an address of its own (?languageCode=, the hreflang links); the bare
// address is the reader's own language.
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const named = namedLanguage((await searchParams).languageCode);
  return {
    alternates: {
      canonical: named ? `/?languageCode=${named}` : '/',
      languages: languageAlternates('/'),
      types: rssAlternate(env.PUBLIC_URL, feedPaths.site, 'Lamplight'),
    },
  };
}

function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={`container ${styles.heroInner}`}>
        <div className={styles.heroText}>
          <h1 id="home-title" className={styles.title}>
            Stories that carry light.
          </h1>
          <p className={styles.lead}>
            Lamplight is a home for Christian writers and readers — stories, devotions and publications about
            faith in everyday life.
          </p>
          <div className={styles.actions}>
            <WriteButton className="button button-dark" showIcon={false}>
              Start writing
            </WriteButton>
            <Link href="/publications" className="button button-outline">
              Explore publications
            </Link>
          </div>
        </div>
        <div className={styles.heroArt} aria-hidden="true">
          <div className={styles.glow} />
          <LampMark size={132} />
        </div>
      </div>
    </section>
  );
}

export default async function HomePage({ searchParams }: Props) {
  const [requestHeaders, cookieStore, query] = await Promise.all([headers(), cookies(), searchParams]);
  const reader = readerLocale({
    headers: requestHeaders,
    cookie: cookieStore.get(LANGUAGE_COOKIE)?.value,
  });
  // A language named in the address wins: that is the page its hreflang link promised.
  const locale = { ...reader, languageCode: namedLanguage(query.languageCode) ?? reader.languageCode };
  const [sets, latest] = await Promise.all([
    getHomeSets(null, locale),
    listLatestHomePosts(null, locale.languageCode, { limit: HOME_PAGE_SIZE }),
  ]);
  // The hero is for visitors; a member gets the page's heading unseen instead. Both are in the one
  // HTML, and the viewer hint picks before the first paint (home.module.css, decision 031).
  return (
    <>
      <h1 className={`visually-hidden ${styles.memberTitle}`}>Lamplight</h1>
      <Hero />
      <HomeFeeds languageCode={locale.languageCode} sets={sets} latest={latest} />
    </>
  );
}
