// The publication admin's export section (docs/decisions/043-exports.md): shown to those who may
// export the publication (its owner, site admins); nothing for its editors.
import styles from '@/components/publications/manage/manage-page.module.css';
import { ExportPanel } from './export-panel';

export function PublicationExportSection({ publicationId }: { publicationId: string }) {
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="export-heading">
        <div className={styles.sectionHead}>
          <h2 id="export-heading" className={styles.sectionTitle}>
            Export
          </h2>
          <p className={styles.sectionLead}>
            Everything this publication has published and drafted, its images and its subscribers, as one zip
            file to keep or to move elsewhere.
          </p>
        </div>
        <ExportPanel target={{ publicationId }} />
      </section>
    </div>
  );
}
