import type { Metadata } from 'next';
import { PagePlaceholder } from '@/components/layout/page-placeholder';
import { SearchIcon } from '@/components/ui/icons';
import styles from './search.module.css';

export const metadata: Metadata = { title: 'Search' };

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

export default async function SearchPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const q = first(params.q);
  const range = first(params.range) || 'blogs';

  return (
    <PagePlaceholder
      title="Search"
      purpose="Stories matching your words — by title, excerpt, tags and text — will be listed here, best matches first."
    >
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
          placeholder="Search stories"
          enterKeyHint="search"
        />
        <input type="hidden" name="range" value={range} />
        <button type="submit" className="button button-dark">
          Search
        </button>
      </form>
      {q ? (
        <p>
          You searched for <code>{q}</code>.
        </p>
      ) : null}
    </PagePlaceholder>
  );
}
