import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from '@/components/ui/link';
import { SearchResults } from '@/components/search/search-results';
import { WriterList } from '@/components/search/writer-list';
import { WritersButton } from '@/components/search/writers-button';
import styles from '@/components/search/search.module.css';
import { SearchIcon } from '@/components/ui/icons';
import { clientAddress } from '@/server/lib/client-address';
import { AppError } from '@/server/lib/errors';
import { refuseKeeping } from '@/server/modules/page-cache/render-refusal';
import {
  cleanSearchText,
  searchQuerySchema,
  type SearchPage,
} from '@/server/modules/search/posts-search.schema';
import { countSearch, searchStories } from '@/server/modules/search/posts-search.service';
import { searchTags, type MatchingTag } from '@/server/modules/tags/tags-search.service';
import type { Author } from '@/server/modules/search/users-search.schema';
import { searchAuthors } from '@/server/modules/search/users-search.service';

// /search?q= (issue 11): published stories ranked by full text (title matches first) with the words
// marked, plus the writers and tags matching the words. The header box sends range=blogs (SPEC §2);
// stories are the only range there is, so it is kept in the form and otherwise ignored.
// The page is every reader's, kept by the search page cache (search-page.cache.ts, decision 031):
// it reads no session, and what it shows depends on the words as the schema cleans them.

/** Writers and tags shown beside the stories; the writers dialog has the rest. */
const SIDE_LIMIT = 6;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value[0] : value) ?? '';

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = cleanSearchText(first((await searchParams).q));
  // Result pages are for readers, not for search engines' indexes.
  return { title: q ? `Search: ${q.slice(0, 60)}` : 'Search', robots: { index: false, follow: true } };
}

type Found = { stories: SearchPage; writers: Author[]; tags: MatchingTag[] };

/** The three answers, or why there are none (a query too long, too many searches). */
async function find(q: string): Promise<Found | { problem: string }> {
  const asked = await headers();
  try {
    await countSearch(clientAddress(asked));
    const [stories, writers, tags] = await Promise.all([
      searchStories(null, q, 0),
      searchAuthors(q, SIDE_LIMIT),
      searchTags(q, SIDE_LIMIT),
    ]);
    return { stories, writers, tags };
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') {
      // One address's moment, not the query's page: never kept for every reader.
      refuseKeeping(asked);
      return { problem: error.message };
    }
    throw error;
  }
}

export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const range = first(params.range) || 'blogs';
  const parsed = searchQuerySchema.safeParse({ q: first(params.q) });
  const q = parsed.success ? parsed.data.q : first(params.q);
  const found = parsed.success
    ? q
      ? await find(q)
      : null
    : { problem: parsed.error.issues[0]?.message ?? 'Invalid search' };

  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>
        {q && found && !('problem' in found) ? `Results for “${q}”` : 'Search'}
      </h1>
      <form action="/search" method="get" role="search" className={styles.form}>
        <label htmlFor="search-page-q" className="visually-hidden">
          Search stories
        </label>
        <SearchIcon className={styles.icon} size={20} />
        <input
          id="search-page-q"
          className={`input ${styles.input}`}
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search stories, writers and tags"
          enterKeyHint="search"
        />
        <input type="hidden" name="range" value={range} />
        <button type="submit" className="button button-dark">
          Search
        </button>
      </form>

      {found === null ? (
        <div className={styles.intro}>
          <p className={styles.muted}>
            Find stories by the words in their title, tags or text — in English or Chinese. Put words in
            quotes for an exact phrase, “or” between alternatives, and a minus before a word to leave it out.
          </p>
          <WritersButton q="" />
        </div>
      ) : 'problem' in found ? (
        <p className={styles.problem} role="alert">
          {found.problem}
        </p>
      ) : (
        <div className={styles.layout}>
          <section aria-labelledby="search-stories" className={styles.stories}>
            <h2 id="search-stories" className={styles.sectionTitle}>
              Stories
            </h2>
            <SearchResults key={q} q={q} firstPage={found.stories} />
          </section>
          <aside className={styles.side}>
            <section aria-labelledby="search-writers">
              <h2 id="search-writers" className={styles.sectionTitle}>
                Writers
              </h2>
              {found.writers.length > 0 ? (
                <WriterList writers={found.writers} label="Writers matching your search" />
              ) : (
                <p className={styles.muted}>No writers by that name.</p>
              )}
              <WritersButton q={q} />
            </section>
            <section aria-labelledby="search-tags">
              <h2 id="search-tags" className={styles.sectionTitle}>
                Tags
              </h2>
              {found.tags.length > 0 ? (
                <ul className={styles.tags} aria-label="Tags matching your search">
                  {found.tags.map((tag) => (
                    <li key={tag.slug}>
                      <Link href={`/tags/${encodeURIComponent(tag.slug)}`} className={styles.tag}>
                        {tag.name}
                        <span className={styles.tagCount}>{tag.stories}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.muted}>No tags by that name.</p>
              )}
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
