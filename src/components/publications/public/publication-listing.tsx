'use client';

// /publications (SPEC §2): the publications, newest first, as cards; "Load more" fetches the next
// page after the last one (keyset, GET /api/publications?languageCode&lastKey).
import { LoadMore } from '@/components/hooks/load-more';
import { useKeysetList } from '@/components/hooks/use-keyset-list';
import type { PublicationList } from '@/server/modules/publications/publications.schema';
import { PublicationCard } from './publication-card';
import { fetchPublicationList, publicationKeysetPage } from './publications-public-api';
import styles from './publication-listing.module.css';

type PublicationListingProps = {
  firstPage: PublicationList;
  languageCode: string | null;
  pageSize: number;
};

export function PublicationListing({ firstPage, languageCode, pageSize }: PublicationListingProps) {
  const list = useKeysetList({
    initial: publicationKeysetPage(firstPage),
    fetchPage: (lastKey, { signal }) =>
      fetchPublicationList({ languageCode, lastKey, limit: pageSize }, signal),
  });
  const publications = list.items ?? [];

  if (publications.length === 0) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>No publications here yet.</p>
        <p className={styles.emptyText}>
          Publications in this language will be listed here once they are created.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className={styles.grid} aria-label="Publications">
        {publications.map((publication) => (
          <li key={publication.id}>
            <PublicationCard publication={publication} />
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </>
  );
}
