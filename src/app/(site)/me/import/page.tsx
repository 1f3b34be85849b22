import type { Metadata } from 'next';
import { SignInPanel } from '@/components/auth/sign-in-panel';
import { ExportPanel } from '@/components/exports/export-panel';
import { ImportPanel } from '@/components/imports/import-panel';
import styles from '@/components/publications/manage/manage-page.module.css';
import { getPageActor } from '@/server/auth/page-actor';
import { mayImportForOthers } from '@/server/modules/imports/imports-target';

export const metadata: Metadata = { title: 'Import and export', robots: { index: false } };

// /me/import (issue 23): a writer moves their stories in from WordPress, Ghost, Medium or Substack
// (docs/decisions/042-imports.md) and takes everything out again (the export section below).
// Site admins may import into any writer or publication.
export default async function ImportAndExportPage() {
  const actor = await getPageActor();
  if (!actor) {
    return (
      <SignInPanel className={styles.page}>
        <h1 className={styles.title}>Import and export</h1>
        <p className={styles.sectionLead}>
          Sign in to bring your stories here from another platform, or to take them with you.
        </p>
      </SignInPanel>
    );
  }
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Import and export</h1>
      <section className={styles.section} aria-labelledby="import-heading">
        <div className={styles.sectionHead}>
          <h2 id="import-heading" className={styles.sectionTitle}>
            Import
          </h2>
          <p className={styles.sectionLead}>
            Your stories from another platform, with their dates, tags and images. You see what will happen
            before anything is created.
          </p>
        </div>
        <ImportPanel chooseTarget={mayImportForOthers(actor)} />
      </section>
      {/* Export (docs/decisions/043-exports.md). */}
      <section className={styles.section} aria-labelledby="export-heading">
        <div className={styles.sectionHead}>
          <h2 id="export-heading" className={styles.sectionTitle}>
            Export
          </h2>
          <p className={styles.sectionLead}>
            Everything you have written, published or not, with its images, as one zip file to keep or to move
            elsewhere.
          </p>
        </div>
        <ExportPanel target={{ userId: actor.id }} />
      </section>
    </div>
  );
}
