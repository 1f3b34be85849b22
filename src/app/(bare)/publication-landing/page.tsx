import type { Metadata } from 'next';
import Link from 'next/link';
import { BrandLink } from '../brand-link';
import styles from '../bare.module.css';

const FEATURES = [
  {
    title: 'Collaborative writing',
    text: 'Invite authors to submit stories and editors to review, schedule and publish them.',
  },
  {
    title: 'Free newsletters',
    text: 'Send your stories to your readers’ inboxes on the schedule you choose, at no cost.',
  },
  {
    title: 'Subscriber management',
    text: 'Readers subscribe from your publication’s pages; confirmations and unsubscribes are handled for you.',
  },
  {
    title: 'Insightful analytics',
    text: 'See how each story and each newsletter is read, opened and shared.',
  },
];

// SPEC §2: rendered without the page header and head metadata (see the (bare) layout), but with
// a document title of its own: every page needs one to be told apart (WCAG 2.4.2).
export const metadata: Metadata = { title: { absolute: 'Publications' } };

export default function PublicationLandingPage() {
  return (
    <div className={styles.page}>
      <BrandLink />
      <section className={styles.hero} aria-labelledby="publications-title">
        <p className={styles.eyebrow}>Publications</p>
        <h1 id="publications-title" className={styles.title}>
          Gather your voices in one place.
        </h1>
        <p className={styles.lead}>
          A publication is a shared home on Lamplight for a church, a ministry or a circle of writers. Stories
          are organised into collections, published under one name and sent to subscribers as newsletters.
        </p>
        <div className={styles.features}>
          {FEATURES.map((feature) => (
            <div key={feature.title}>
              <h2 className={styles.featureTitle}>{feature.title}</h2>
              <p className={styles.featureText}>{feature.text}</p>
            </div>
          ))}
        </div>
        <div className={styles.actions}>
          <Link href="/publications/create" className="button button-primary">
            Create a publication
          </Link>
          <Link href="/publications" className="button button-outline">
            Browse publications
          </Link>
        </div>
        <p className={`${styles.muted} ${styles.small}`} style={{ marginTop: 20 }}>
          You need a Lamplight account to create a publication. It is free.
        </p>
      </section>
      <footer className={styles.footer}>
        <Link href="/">Lamplight</Link> — stories that carry light.
      </footer>
    </div>
  );
}
