import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { SUBSCRIBE_FAILED } from '@/components/subscriptions/publication-subscription-dialog';
import { SiteTopics } from '@/components/subscriptions/site-topics';
import { SubscribeForm } from '@/components/subscriptions/subscribe-form';
import { TOPIC_DAILY_DEVOTIONAL } from '@/lib/topics';
import { BrandLink } from '../brand-link';
import styles from '../bare.module.css';

// SPEC §2: rendered without the page header and head metadata (see the (bare) layout), but with
// a document title of its own: every page needs one to be told apart (WCAG 2.4.2).
export const metadata: Metadata = { title: { absolute: 'Daily newsletter' } };

export default function DailyNewsletterPage() {
  return (
    <div className={styles.page}>
      <BrandLink />
      <section className={styles.hero} aria-labelledby="newsletter-title">
        <p className={styles.eyebrow}>The daily devotional</p>
        <h1 id="newsletter-title" className={styles.title}>
          Begin each morning with the Word.
        </h1>
        <p className={styles.lead}>
          One short e-mail a day: a passage of Scripture, a reflection from a Lamplight writer and a prayer to
          carry with you.
        </p>
        <ul className={styles.list}>
          <li>About three minutes to read, before the day gets loud.</li>
          <li>Written by pastors, teachers and ordinary believers walking with God.</li>
          <li>Free. Every letter has a one-click link to unsubscribe.</li>
        </ul>
        <div className={styles.card}>
          <h2 className={styles.cardTitle}>
            Sign up to receive inspiration and meditation of God&rsquo;s Word
          </h2>
          <p className={`${styles.muted} ${styles.small}`}>
            We&rsquo;ll send one e-mail to confirm your address.
          </p>
          <SubscribeForm
            topic={TOPIC_DAILY_DEVOTIONAL}
            buttonLabel="Subscribe"
            failureText={SUBSCRIBE_FAILED}
          />
        </div>
        <p>
          <Link href="/dailydevotion">Read today&rsquo;s devotion first</Link>
          {' · '}
          <a href="#letters">See our other letters</a>
        </p>
      </section>
      <SiteTopics />
      <footer className={styles.footer}>
        <Link href="/">Lamplight</Link> — stories that carry light. · <Link href="/contact">Contact</Link>
      </footer>
    </div>
  );
}
