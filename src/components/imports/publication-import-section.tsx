// The publication admin's import section (docs/decisions/042-imports.md): stories from another
// platform and the newsletter's subscribers, for those who may import into the publication (its
// owner, site admins); nothing for its editors.
import styles from '@/components/publications/manage/manage-page.module.css';
import { ImportPanel } from './import-panel';
import { SubscriberImportPanel } from './subscriber-import-panel';

export function PublicationImportSection({ publicationId }: { publicationId: string }) {
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="import-stories-heading">
        <div className={styles.sectionHead}>
          <h2 id="import-stories-heading" className={styles.sectionTitle}>
            Import stories
          </h2>
          <p className={styles.sectionLead}>
            Stories from WordPress, Ghost, Medium or Substack, filed under the members who wrote them (matched
            by e-mail address) or under you.
          </p>
        </div>
        <ImportPanel target={{ targetPublicationId: publicationId }} />
      </section>
      <section className={styles.section} aria-labelledby="import-subscribers-heading">
        <div className={styles.sectionHead}>
          <h2 id="import-subscribers-heading" className={styles.sectionTitle}>
            Import subscribers
          </h2>
        </div>
        <SubscriberImportPanel publicationId={publicationId} />
      </section>
    </div>
  );
}
