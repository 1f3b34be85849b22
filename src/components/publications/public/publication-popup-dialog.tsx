'use client';

// SPEC §2 publication announcement popup: a title introducing publications, the four features, and
// 'Create a publication' (the new-publication dialog; sign-in first for a visitor) and 'Learn more'
// (/publication-landing).
import { useSession } from 'next-auth/react';
import Link from '@/components/ui/link';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { FeatureIcon } from './feature-icons';
import { PUBLICATION_FEATURES } from './publication-features';
import styles from './publication-popup.module.css';

export default function PublicationPopupDialog() {
  const { status } = useSession();
  const { openDialog, closeDialog } = useDialog();

  const create = () => {
    if (status === 'authenticated') openDialog('new-publication');
    else openDialog('sso', { callbackUrl: '/publications/create' });
  };

  return (
    <DialogShell
      title="Introducing publications"
      description="Gather writers under one name, publish together and reach your readers by e-mail."
      size="large"
    >
      <ul className={styles.features}>
        {PUBLICATION_FEATURES.map((feature) => (
          <li key={feature.id} className={styles.feature}>
            <span className={styles.icon}>
              <FeatureIcon id={feature.id} />
            </span>
            <span className={styles.featureTitle}>{feature.title}</span>
            <span className={styles.featureText}>{feature.summary}</span>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Link href="/publication-landing" className="button button-outline" onClick={closeDialog}>
          Learn more
        </Link>
        <button
          type="button"
          className="button button-primary"
          disabled={status === 'loading'}
          onClick={create}
        >
          Create a publication
        </button>
      </div>
    </DialogShell>
  );
}
