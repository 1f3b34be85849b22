'use client';

// /publications/{publicationId}/edit (SPEC §2): the publication's profile, and its collections for
// those the server lets manage them.
import { NewsletterSettings } from '@/components/newsletters/newsletter-settings';
import type { Collection, Publication, PublicationCapabilities } from './manage-api';
import { CollectionsSection } from './collections-section';
import { ManageHeader } from './manage-header';
import { PublicationProfileForm } from './publication-profile-form';
import styles from './manage-page.module.css';

type Props = {
  publication: Publication;
  capabilities: PublicationCapabilities;
  collections: Collection[];
  supportHref: string;
};

export function PublicationEdit({ publication, capabilities, collections, supportHref }: Props) {
  return (
    <div className={styles.page}>
      <ManageHeader
        section="Edit profile"
        publication={publication}
        capabilities={capabilities}
        supportHref={supportHref}
      />
      <section className={styles.section} aria-labelledby="profile-heading">
        <div className={styles.sectionHead}>
          <h2 id="profile-heading" className={styles.sectionTitle}>
            Profile
          </h2>
          <p className={styles.sectionLead}>
            How readers see the publication on its page and in the listing.
          </p>
        </div>
        <PublicationProfileForm publication={publication} />
      </section>
      {capabilities.canManageNewsletters ? (
        <NewsletterSettings
          publicationId={publication.id}
          hasNewsletters={publication.hasNewsletters}
          newsletterDescription={publication.newsletterDescription}
        />
      ) : null}
      {capabilities.canManageCollections ? (
        <CollectionsSection
          publicationId={publication.id}
          publicationName={publication.name}
          initial={collections}
        />
      ) : null}
    </div>
  );
}
