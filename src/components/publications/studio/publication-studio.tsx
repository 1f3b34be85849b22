// SPEC §2 /publications/{id}/studio: the publication's logo and name, then its stories split as
// SPEC §4 says — Under review (pending), Scheduled, Published — one list per tab, the tab in the
// address (?tab=…) so a reload, and every dialog's "stored page", keeps it. Editors run the review
// desk; authors see their own submissions (the API filters, the page renders what it gets).
import Link from '@/components/ui/link';
import type { KeysetPage } from '@/components/hooks/use-keyset-list';
import { PublicationLogo } from '@/components/publications/public/publication-logo';
import type { PublicationCapabilities } from '@/server/modules/publications/publications.schema';
import type { StorySummary } from './queue-api';
import { QueueList } from './queue-list';
import { QUEUE_TABS, studioTabHref, TAB_LABEL, type QueueTab } from './queue-tabs';
import styles from './publication-studio.module.css';

export type StudioPublication = {
  id: string;
  name: string;
  image: string | null;
  subdomain: string;
  collections: { id: string; name: string }[];
  capabilities: PublicationCapabilities;
};

type Props = {
  publication: StudioPublication;
  tab: QueueTab;
  firstPage: KeysetPage<StorySummary>;
  pageSize: number;
};

export function PublicationStudio({ publication, tab, firstPage, pageSize }: Props) {
  const { capabilities } = publication;
  const reviews = capabilities.canReview;
  const collectionNames = Object.fromEntries(publication.collections.map((c) => [c.id, c.name]));
  const returnPath = studioTabHref(publication.id, tab);

  return (
    <div className={styles.studio}>
      <header className={styles.head}>
        <PublicationLogo name={publication.name} image={publication.image} size={56} />
        <div className={styles.headText}>
          <p className={styles.eyebrow}>Publication studio</p>
          <h1 className={styles.title}>{publication.name}</h1>
          <p className={styles.lede}>
            {reviews
              ? 'Review what authors submit: approve it, schedule it or send it back with a reason.'
              : `Your stories in ${publication.name}: what waits for review, what is scheduled and what is out.`}
          </p>
        </div>
        <div className={styles.headLinks}>
          <Link href={`/publications/${publication.id}`} className="button button-outline button-small">
            View publication
          </Link>
          {capabilities.canOpenAdmin ? (
            <Link
              href={`/publications/admin/${publication.id}`}
              className="button button-outline button-small"
            >
              Publication admin
            </Link>
          ) : null}
        </div>
      </header>

      <nav className={styles.tabs} aria-label="Studio lists">
        <ul className={styles.tabList}>
          {QUEUE_TABS.map((name) => (
            <li key={name}>
              <Link
                href={studioTabHref(publication.id, name)}
                className={styles.tab}
                aria-current={name === tab ? 'page' : undefined}
                scroll={false}
              >
                {TAB_LABEL[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-label={TAB_LABEL[tab]}>
        {/* A new tab is a new list, started from the page the server rendered for it. */}
        <QueueList
          key={tab}
          publicationId={publication.id}
          publicationName={publication.name}
          tab={tab}
          initial={firstPage}
          pageSize={pageSize}
          reviews={reviews}
          collectionNames={collectionNames}
          returnPath={returnPath}
        />
      </section>
    </div>
  );
}
