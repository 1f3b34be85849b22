import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { FeatureIcon } from '@/components/publications/public/feature-icons';
import {
  PUBLICATION_FEATURES,
  type PublicationFeature,
} from '@/components/publications/public/publication-features';
import styles from '@/components/publications/public/publication-landing.module.css';
import { BrandLink } from '../brand-link';

// SPEC §2 /publication-landing, where the publication popup's 'Learn more' leads: what publications
// are, their four features, how review works, newsletters, and a way to create one. Rendered without
// the page header and head metadata (the (bare) layout), but with a document title of its own: every
// page needs one to be told apart (WCAG 2.4.2).
export const metadata: Metadata = { title: { absolute: 'Start a publication' } };

/** The longer word on each feature, beside the popup's one-liner. */
const FEATURE_DETAIL: Record<PublicationFeature['id'], string> = {
  writing:
    'Bring your writers under one name. Authors write in their own editor and submit their stories to the publication; editors read, polish and decide when each one goes out.',
  newsletters:
    'Every publication has a newsletter of its own. Choose the stories, pick the moment, and Lamplight delivers them to your subscribers’ inboxes — free, however many there are.',
  subscribers:
    'Readers subscribe with their e-mail address from your publication’s pages. Sign-ups and unsubscribes are handled for you, so your list stays current without any spreadsheets.',
  analytics:
    'See which stories are read and shared, and how each newsletter is opened, so you know what speaks to your readers and what to write next.',
};

const REVIEW_STEPS = [
  {
    title: 'An author submits',
    text: 'Authors write as they always do, choose the publication and one of its collections, and submit. The story waits in the publication’s studio, marked Under review.',
  },
  {
    title: 'An editor decides',
    text: 'The owner and the editors read it in the studio. They publish it now, schedule it for a date and time, or send it back with a note explaining what to change.',
  },
  {
    title: 'It goes out under your name',
    text: 'Published stories appear on the publication’s page, in their collection, with their author’s byline — and can go out in the next newsletter.',
  },
];

const DUTIES = [
  {
    who: 'Owner',
    text: 'Creates the publication, invites authors and editors, changes their roles, and can do everything editors do.',
  },
  {
    who: 'Editors',
    text: 'Review submissions; publish, schedule, reject or unpublish stories; shape the profile, collections and newsletters.',
  },
  {
    who: 'Authors',
    text: 'Write and submit stories to the publication, and follow each one’s progress in the studio.',
  },
];

export default function PublicationLandingPage() {
  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <BrandLink />
        <Link href="/publications" className={styles.topLink}>
          Browse publications
        </Link>
      </div>

      <section className={styles.hero} aria-labelledby="landing-title">
        <p className={styles.eyebrow}>Publications</p>
        <h1 id="landing-title" className={styles.title}>
          Gather your voices in one place.
        </h1>
        <p className={styles.lead}>
          A publication is a shared home on Lamplight for a church, a ministry or a circle of writers: one
          name, one address, many voices — and a newsletter that carries their stories to your readers.
        </p>
        <div className={styles.actions}>
          <Link href="/publications/create" className="button button-primary">
            Create a publication
          </Link>
          <Link href="/publications" className="button button-outline">
            Browse publications
          </Link>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="landing-what">
        <h2 id="landing-what" className={styles.sectionTitle}>
          What is a publication?
        </h2>
        <div className={styles.prose}>
          <p>
            Every publication has its own page at <strong>lamplight/your-name</strong>, with its logo, a
            banner, a description and the people who write for it. Its stories are gathered into collections —
            a weekly devotion, a Bible study series, testimonies — so readers find what they came for.
          </p>
          <p>
            You create it in a minute and become its owner. Then you invite the people you write with: authors
            to contribute stories, and editors to help you review them.
          </p>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="landing-features">
        <h2 id="landing-features" className={styles.sectionTitle}>
          Everything a publication needs
        </h2>
        <ul className={styles.features}>
          {PUBLICATION_FEATURES.map((feature) => (
            <li key={feature.id} className={styles.feature}>
              <span className={styles.featureIcon}>
                <FeatureIcon id={feature.id} size={24} />
              </span>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{FEATURE_DETAIL[feature.id]}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="landing-review">
        <h2 id="landing-review" className={styles.sectionTitle}>
          How review works
        </h2>
        <ol className={styles.steps}>
          {REVIEW_STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3 className={styles.stepTitle}>{step.title}</h3>
              <p className={styles.stepText}>{step.text}</p>
            </li>
          ))}
        </ol>
        <dl className={styles.duties}>
          {DUTIES.map((item) => (
            <div key={item.who} className={styles.duty}>
              <dt className={styles.dutyName}>{item.who}</dt>
              <dd className={styles.dutyText}>{item.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={`${styles.section} ${styles.newsletter}`} aria-labelledby="landing-newsletters">
        <h2 id="landing-newsletters" className={styles.sectionTitle}>
          Newsletters, without the busywork
        </h2>
        <div className={styles.prose}>
          <p>
            Add a published or scheduled story to your publication’s newsletter, choose when it should be
            sent, and it arrives in every subscriber’s inbox at that time. Reschedule or cancel until it goes.
          </p>
          <p>
            Readers subscribe from your page with a single e-mail address, and can unsubscribe at any time.
            There is nothing to pay and nothing to install.
          </p>
        </div>
      </section>

      <section className={styles.closing} aria-labelledby="landing-start">
        <h2 id="landing-start" className={styles.closingTitle}>
          Start your publication today
        </h2>
        <p className={styles.closingText}>
          Choose a name and an address, add a logo, and invite your first writers. It is free.
        </p>
        <Link href="/publications/create" className="button button-primary">
          Create a publication
        </Link>
        <p className={styles.note}>You need a Lamplight account to create a publication.</p>
      </section>

      <footer className={styles.footer}>
        <Link href="/">Lamplight</Link> — stories that carry light. · <Link href="/contact">Contact</Link>
      </footer>
    </div>
  );
}
