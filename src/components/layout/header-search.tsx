import { SearchIcon } from '@/components/ui/icons';
import styles from './header.module.css';

/** SPEC §2: a GET form with q and a hidden range=blogs, to the search site (SEARCH_URL). */
export function HeaderSearch({ action }: { action: string }) {
  return (
    <form className={styles.search} action={action} method="get" role="search">
      <label htmlFor="header-search-q" className="visually-hidden">
        Search stories
      </label>
      <SearchIcon className={styles.searchIcon} size={18} />
      <input
        id="header-search-q"
        className={styles.searchInput}
        type="search"
        name="q"
        placeholder="Search"
        autoComplete="off"
        enterKeyHint="search"
      />
      <input type="hidden" name="range" value="blogs" />
    </form>
  );
}
