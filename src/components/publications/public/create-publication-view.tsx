// /publications/create (SPEC §2) for a signed-in writer: the new-publication form on a page of its
// own, beside what a publication brings.
import Link from '@/components/ui/link';
import { FeatureIcon } from './feature-icons';
import { PUBLICATION_FEATURES } from './publication-features';
import { PublicationForm } from './publication-form';
import styles from './create-publication.module.css';

export function CreatePublicationView() {
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.columns}>
        <div className={styles.main}>
          <h1 className={styles.title}>Create a publication</h1>
          <p className={styles.lead}>
            A shared home for your church, ministry or circle of writers. You will be its owner.
          </p>
          <div className={styles.card}>
            <PublicationForm variant="page" />
          </div>
        </div>
        <aside className={styles.aside} aria-labelledby="create-features">
          <h2 id="create-features" className={styles.asideTitle}>
            What a publication gives you
          </h2>
          <ul className={styles.features}>
            {PUBLICATION_FEATURES.map((feature) => (
              <li key={feature.id} className={styles.feature}>
                <span className={styles.featureIcon}>
                  <FeatureIcon id={feature.id} />
                </span>
                <span>
                  <strong className={styles.featureTitle}>{feature.title}</strong>
                  <span className={styles.featureText}>{feature.summary}</span>
                </span>
              </li>
            ))}
          </ul>
          <Link href="/publication-landing" className={styles.learnMore}>
            Learn more about publications
          </Link>
        </aside>
      </div>
    </div>
  );
}
