'use client';

// The head of the publication's edit page and admin area: logo, name, its public address and the
// button that opens the publication-links menu (SPEC §2).
import Link from '@/components/ui/link';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { PublicationLogo } from '@/components/publications/public/publication-logo';
import type { PublicationCapabilities } from './manage-api';
import type { PublicationRef } from './manage-dialog-types';
import { publicationHome } from './publication-paths';
import styles from './manage-header.module.css';

export type ManageHeaderProps = {
  /** What this page is, above the publication's name. */
  section: string;
  publication: PublicationRef;
  capabilities: PublicationCapabilities;
  supportHref: string;
};

export function ManageHeader({ section, publication, capabilities, supportHref }: ManageHeaderProps) {
  const { openDialog } = useDialog();
  const home = publicationHome(publication.subdomain);
  return (
    <header className={styles.head}>
      <PublicationLogo name={publication.name} image={publication.image} size={64} ringed />
      <div className={styles.headText}>
        <p className={styles.eyebrow}>{section}</p>
        <h1 className={styles.title}>{publication.name}</h1>
        <Link href={home} className={styles.homeLink}>
          View publication <span className={styles.homePath}>{home}</span>
        </Link>
      </div>
      <button
        type="button"
        className={`button button-outline ${styles.menuButton}`}
        aria-haspopup="dialog"
        onClick={() => openDialog('publication-links', { publication, capabilities, supportHref })}
      >
        <MenuDots />
        Publication menu
      </button>
    </header>
  );
}

function MenuDots() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="1.8" />
      <circle cx="12" cy="12" r="1.8" />
      <circle cx="19" cy="12" r="1.8" />
    </svg>
  );
}
