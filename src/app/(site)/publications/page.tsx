import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { PublicationListing } from '@/components/publications/public/publication-listing';
import styles from '@/components/publications/public/publication-listing.module.css';
import { listPublications } from '@/server/modules/reading/publications-list.service';
import { languageCodeSchema } from '@/server/modules/users/users.schema';
import { env } from '@/server/lib/env';
import { languageAlternates, namedLanguage } from '@/server/lib/language-alternates';
import { feedPaths, rssAlternate } from '@/server/modules/feeds/feeds-paths';

// SPEC §2 /publications?languageCode=: every publication (or one language's), newest first, a page at
// a time; signed-in writers are offered to create one. The same HTML for every reader (decision 031).

const PAGE_SIZE = 12;

/** The language tabs: the languages the platform is written in (DESIGN: en and zh). */
const LANGUAGES: { code: string | null; label: string; lang?: string }[] = [
  { code: null, label: 'All languages' },
  { code: 'en', label: 'English', lang: 'en' },
  { code: 'zh', label: '中文', lang: 'zh' },
];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// Each language's tab has an address of its own: canonical to itself, hreflang to the others.
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const named = namedLanguage((await searchParams).languageCode);
  return {
    title: 'Publications',
    description:
      'Publications on Lamplight: churches, ministries and circles of writers publishing together, with newsletters.',
    alternates: {
      canonical: named ? `/publications?languageCode=${named}` : '/publications',
      languages: languageAlternates('/publications'),
      // Setting `alternates` replaces the layout's, feed link included: name the site's feed again.
      types: rssAlternate(env.PUBLIC_URL, feedPaths.site, 'Lamplight'),
    },
  };
}

export default async function PublicationsPage({ searchParams }: Props) {
  const raw = (await searchParams).languageCode;
  const asked = Array.isArray(raw) ? raw[0] : raw;
  const languageCode = asked && languageCodeSchema.safeParse(asked).success ? asked : null;
  const firstPage = await listPublications(null, {
    ...(languageCode && { languageCode }),
    limit: PAGE_SIZE,
  });

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>Publications</h1>
          <p className={styles.lead}>
            Churches, ministries and circles of writers publishing together — follow their stories and
            subscribe to their newsletters.
          </p>
        </div>
        <div className={styles.headActions}>
          {/* One HTML for every reader (decision 031): shown to members only, by the viewer hint. */}
          <Link href="/publications/create" className={`button button-dark ${styles.createLink}`}>
            Create a publication
          </Link>
          <Link href="/publication-landing" className="button button-outline">
            About publications
          </Link>
        </div>
      </header>
      <nav className={styles.filters} aria-label="Language">
        <ul className={styles.filterList}>
          {LANGUAGES.map((language) => (
            <li key={language.code ?? 'all'}>
              <Link
                href={language.code ? `/publications?languageCode=${language.code}` : '/publications'}
                className={styles.filter}
                lang={language.lang}
                aria-current={language.code === languageCode ? 'page' : undefined}
              >
                {language.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PublicationListing
        key={languageCode ?? 'all'}
        firstPage={firstPage}
        languageCode={languageCode}
        pageSize={PAGE_SIZE}
      />
    </div>
  );
}
