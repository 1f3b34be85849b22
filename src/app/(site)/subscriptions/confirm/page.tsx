import type { Metadata } from 'next';
import Link from 'next/link';
import { LampMark } from '@/components/ui/icons';
import styles from '@/components/subscriptions/subscriptions.module.css';
import { confirmSubscription } from '@/server/modules/newsletters/subscriptions.service';
import { LinkProblem } from '../link-problem';

export const metadata: Metadata = { title: 'Subscription confirmed', robots: { index: false } };

// The double opt-in link of the confirmation mail (DESIGN §6): opening it activates the subscription.
export default async function ConfirmSubscriptionPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  let confirmed: Awaited<ReturnType<typeof confirmSubscription>>;
  try {
    confirmed = await confirmSubscription(typeof token === 'string' ? token : '');
  } catch (error) {
    return <LinkProblem error={error} />;
  }
  return (
    <div className={`reading ${styles.page}`}>
      <LampMark size={56} />
      <h1 className={styles.title}>Your subscription is confirmed</h1>
      <p className={styles.lead}>
        You will receive <strong>{confirmed.name}</strong> by e-mail. Every letter has a link to unsubscribe.
      </p>
      <div className={styles.actions}>
        <Link href="/" className="button button-primary">
          Read stories
        </Link>
        <Link
          href={`/subscriptions/manage?token=${encodeURIComponent(confirmed.manageToken)}`}
          className="button button-outline"
        >
          Manage your subscriptions
        </Link>
      </div>
    </div>
  );
}
