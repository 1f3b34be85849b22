import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import Link from '@/components/ui/link';
import { cache } from 'react';
import { VerseOfTheDay } from '@/components/scripture/verse-of-the-day';
import { storyPath } from '@/lib/slug';
import { env } from '@/server/lib/env';
import { LANGUAGE_COOKIE } from '@/server/lib/reader-language';
import { readerLocale } from '@/server/lib/reader-locale';
import { todaysDevotion } from '@/server/modules/curation/curation.service';
import { getVerseOfTheDay } from '@/server/modules/scripture/daily-verses.service';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';
import { publicationIdSchema } from '@/server/modules/publications/publications.schema';
import { getPublicationOrThrow } from '@/server/modules/publications/publications.service';
import { BrandLink } from '../brand-link';
import styles from '../bare.module.css';

type Props = { searchParams: Promise<{ id?: string | string[] }> };

// SPEC §2: the publication id comes from the query parameter id; without one, the devotion set
// curated last. The reading below is for a site whose staff have not curated any devotion yet.
// One lookup per request, shared by the metadata and the page.
const loadDevotion = cache((publicationId: string | null) => todaysDevotion(publicationId));

async function devotionOf(searchParams: Props['searchParams']) {
  const { id } = await searchParams;
  return loadDevotion(typeof id === 'string' && publicationIdSchema.safeParse(id).success ? id : null);
}

// SPEC §2: rendered without the page header and head metadata (see the (bare) layout), but with
// a document title of its own: every page needs one to be told apart (WCAG 2.4.2). The feed named is
// the devotion's publication's (the site's, from the layout, when the reading is the built-in one).
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const devotion = await devotionOf(searchParams);
  const title = { absolute: 'Daily devotion' };
  if (!devotion?.publicationId) return { title };
  const { name, subdomain } = await getPublicationOrThrow(null, devotion.publicationId);
  return {
    title,
    alternates: { types: rssAlternate(env.PUBLIC_URL, feedPaths.publication(subdomain), name) },
  };
}

/**
 * The verse of the day (docs/decisions/049-verse-of-the-day.md) in the reader's language: the
 * language cookie, else Accept-Language, as the listing page cache keys the page (one HTML per
 * language: src/server/modules/page-cache/listing-addresses.ts), never the session.
 */
async function verseForReader() {
  const [requestHeaders, cookieStore] = await Promise.all([headers(), cookies()]);
  const { languageCode } = readerLocale({
    headers: requestHeaders,
    cookie: cookieStore.get(LANGUAGE_COOKIE)?.value,
  });
  return getVerseOfTheDay(languageCode);
}

export default async function DailyDevotionPage({ searchParams }: Props) {
  const [devotion, verse] = await Promise.all([devotionOf(searchParams), verseForReader()]);
  if (devotion) {
    return (
      <div className={styles.page}>
        <BrandLink />
        <VerseOfTheDay verse={verse} />
        <article className={styles.hero} aria-labelledby="devotion-title">
          <p className={styles.eyebrow}>
            Daily devotion{devotion.publication ? ` · ${devotion.publication.name}` : ''}
          </p>
          <h1 id="devotion-title" className={styles.title}>
            {devotion.title}
          </h1>
          <p className={styles.lead}>{devotion.excerpt}</p>
          <p>
            <Link href={storyPath(devotion)} className="button button-primary">
              Read today&rsquo;s devotion
            </Link>
          </p>
          <div className={styles.card}>
            <h2 className={styles.cardTitle}>Receive a devotion every morning</h2>
            <Link href="/daily-newsletter" className="button button-outline">
              Subscribe to the daily devotional
            </Link>
          </div>
        </article>
        <footer className={styles.footer}>
          <Link href="/">Lamplight</Link> — stories that carry light. · <Link href="/contact">Contact</Link>
        </footer>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <BrandLink />
      <VerseOfTheDay verse={verse} />
      <article className={styles.hero} aria-labelledby="devotion-title">
        <p className={styles.eyebrow}>Daily devotion</p>
        <h1 id="devotion-title" className={styles.title}>
          A lamp for the next step
        </h1>
        <blockquote className={styles.scripture}>
          <p>&ldquo;Thy word is a lamp unto my feet, and a light unto my path.&rdquo;</p>
          <cite>Psalm 119:105 (KJV)</cite>
        </blockquote>
        <div className={styles.reading}>
          <p>
            A lamp in the ancient world was small: a clay dish of oil and a wick, enough light for the ground
            right in front of you. The psalmist does not ask for a floodlight over the whole road. He is
            grateful for light on his feet — the next step, and then the one after it.
          </p>
          <p>
            Most of us would rather see the whole path. We want to know how the illness ends, where the job
            leads, whether the prayer will be answered the way we hope. But God&rsquo;s Word rarely hands us
            the map. It gives us enough light to take the next faithful step, and the promise that the light
            will still be there when we take the one after.
          </p>
          <p>
            Today, you do not have to see the end of the road. Open the Word, take the step that is lit, and
            trust the One who holds the lamp.
          </p>
        </div>
        <h2 className={styles.sectionTitle}>Prayer</h2>
        <p className={`${styles.reading} ${styles.prayer}`}>
          Lord, I cannot see the whole way, but You can. Let Your Word light my feet today. Give me the
          courage to take the next step, and the peace to leave the rest with You. Amen.
        </p>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>Receive a devotion every morning</h2>
          <p className={styles.muted}>A short reading, a reflection and a prayer, delivered to your inbox.</p>
          <Link href="/daily-newsletter" className="button button-primary">
            Subscribe to the daily devotional
          </Link>
        </div>
      </article>
      <footer className={styles.footer}>
        <Link href="/">Lamplight</Link> — stories that carry light. · <Link href="/contact">Contact</Link>
      </footer>
    </div>
  );
}
