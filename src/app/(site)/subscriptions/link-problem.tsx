import Link from '@/components/ui/link';
import { AppError } from '@/server/lib/errors';
import styles from '@/components/subscriptions/subscriptions.module.css';

/** A mail's link that cannot be used (forged, expired, left since): what happened, and a way on. */
export function LinkProblem({ error }: { error: unknown }) {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  return (
    <div className={`reading ${styles.page}`}>
      <h1 className={styles.title}>{error.message}</h1>
      <p className={styles.lead}>
        Links in our mails are signed for one address and last a while. Subscribe again to get a fresh one.
      </p>
      <div className={styles.actions}>
        <Link href="/daily-newsletter" className="button button-primary">
          Subscribe
        </Link>
        <Link href="/" className="button button-outline">
          Read stories
        </Link>
      </div>
    </div>
  );
}
