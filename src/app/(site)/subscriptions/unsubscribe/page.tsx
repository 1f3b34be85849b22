import type { Metadata } from 'next';
import { UnsubscribeView } from '@/components/subscriptions/unsubscribe-view';
import styles from '@/components/subscriptions/subscriptions.module.css';
import { readUnsubscribeLink } from '@/server/modules/newsletters/subscriptions.service';
import { LinkProblem } from '../link-problem';

export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false } };

// A mail's unsubscribe link (and where GET /api/subscriptions/unsubscribe sends a browser): it asks,
// and its button unsubscribes.
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token: raw } = await searchParams;
  const token = typeof raw === 'string' ? raw : '';
  let link: Awaited<ReturnType<typeof readUnsubscribeLink>>;
  try {
    link = await readUnsubscribeLink(token);
  } catch (error) {
    return <LinkProblem error={error} />;
  }
  return (
    <div className={`reading ${styles.page}`}>
      <UnsubscribeView
        token={token}
        name={link.name}
        manageToken={link.manageToken}
        alreadyLeft={link.status === 'unsubscribed'}
      />
    </div>
  );
}
