import Link from '@/components/ui/link';
import type { ReactNode } from 'react';
import styles from './page-placeholder.module.css';

type PagePlaceholderProps = {
  title: string;
  /** What this page will hold, in a sentence or two. */
  purpose: ReactNode;
  /** Extra facts about the request (ids from the URL, the query…). */
  children?: ReactNode;
};

/** A plain, honest page for a route whose screen is not built yet. */
export function PagePlaceholder({ title, purpose, children }: PagePlaceholderProps) {
  return (
    <div className={`reading ${styles.page}`}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.purpose}>{purpose}</p>
      {children ? <div className={styles.extra}>{children}</div> : null}
      <p className={styles.notice} role="note">
        This page is not built yet.
      </p>
      <p>
        <Link href="/">Back to the home page</Link>
      </p>
    </div>
  );
}
