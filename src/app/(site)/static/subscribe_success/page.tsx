import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { LampMark } from '@/components/ui/icons';
import styles from './subscribe-success.module.css';

export const metadata: Metadata = { title: "You're subscribed" };

export default function SubscribeSuccessPage() {
  return (
    <div className={`reading ${styles.page}`}>
      <LampMark size={56} />
      <h1 className={styles.title}>You&rsquo;re subscribed</h1>
      <p className={styles.lead}>
        Thank you for signing up. We have sent you an e-mail: open it and confirm your address, and the first
        letter will be on its way.
      </p>
      <p className={styles.note}>
        Can&rsquo;t find it? Look in your spam or promotions folder. Every letter has a one-click link to
        unsubscribe.
      </p>
      <blockquote className={styles.verse}>
        <p>&ldquo;Thy word is a lamp unto my feet, and a light unto my path.&rdquo;</p>
        <cite>Psalm 119:105</cite>
      </blockquote>
      <div className={styles.actions}>
        <Link href="/" className="button button-primary">
          Read stories
        </Link>
        <Link href="/dailydevotion" className="button button-outline">
          Today&rsquo;s devotion
        </Link>
      </div>
    </div>
  );
}
