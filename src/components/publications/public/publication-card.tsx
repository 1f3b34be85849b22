import Link from '@/components/ui/link';
import type { PublicationListItem } from '@/server/modules/publications/publications.schema';
import { PublicationLogo } from './publication-logo';
import styles from './publication-listing.module.css';

const storyCount = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'story' : 'stories'}`;

/** One publication in the listing: logo, name, description (clamped), story count; the whole card links to /{subdomain}. */
export function PublicationCard({ publication }: { publication: PublicationListItem }) {
  return (
    <article className={styles.card}>
      <Link href={`/${publication.subdomain}`} className={styles.cardLink}>
        <PublicationLogo name={publication.name} image={publication.image} size={64} />
        <div className={styles.cardBody}>
          <h2 className={styles.cardTitle}>{publication.name}</h2>
          {publication.description ? <p className={styles.cardText}>{publication.description}</p> : null}
          <p className={styles.cardMeta}>
            <span>{storyCount(publication.storyCount)}</span>
            <span aria-hidden="true">·</span>
            <span>/{publication.subdomain}</span>
          </p>
        </div>
      </Link>
    </article>
  );
}
