import Link from '@/components/ui/link';
import { LampMark } from '@/components/ui/icons';
import styles from './status-view.module.css';

/**
 * The 404 body. `searchUrl` is the search site (SEARCH_URL, read by the page); `standalone` adds a
 * brand link for pages rendered without the site header.
 */
export function NotFoundView({ searchUrl, standalone = false }: { searchUrl: string; standalone?: boolean }) {
  return (
    <div className={standalone ? styles.page : styles.inline}>
      {standalone ? (
        <Link href="/" className={styles.brand} aria-label="Lamplight home">
          <LampMark size={26} />
          <span aria-hidden="true">Lamplight</span>
        </Link>
      ) : null}
      <div className={styles.body}>
        <p className={styles.code}>404</p>
        <h1 className={styles.title}>This page could not be found</h1>
        <p className={styles.text}>
          The story or page you were looking for may have moved, been unpublished, or never existed. Even so,
          there is more light to find here.
        </p>
        <div className={styles.actions}>
          <Link href="/" className="button button-primary">
            Go to the home page
          </Link>
          {/* The search site (SEARCH_URL), the platform's own /search unless configured. */}
          <Link href={searchUrl} className="button button-outline">
            Search stories
          </Link>
        </div>
      </div>
    </div>
  );
}
