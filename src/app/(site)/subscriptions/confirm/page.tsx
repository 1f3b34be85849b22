import type { Metadata } from 'next';
import { ConfirmSubscriptionView } from '@/components/subscriptions/confirm-subscription-view';
import styles from '@/components/subscriptions/subscriptions.module.css';
import { readConfirmLink } from '@/server/modules/newsletters/subscriptions.service';
import { LinkProblem } from '../link-problem';

export const metadata: Metadata = { title: 'Your subscription', robots: { index: false } };

// The double opt-in link of the confirmation mail (DESIGN §6). Opening it (GET, HEAD, a prefetch, a
// mail scanner) changes nothing: the page shows the subscription and its button confirms (a POST).
export default async function ConfirmSubscriptionPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token: raw } = await searchParams;
  const token = typeof raw === 'string' ? raw : '';
  let link: Awaited<ReturnType<typeof readConfirmLink>>;
  try {
    link = await readConfirmLink(token);
  } catch (error) {
    return <LinkProblem error={error} />;
  }
  return (
    <div className={`reading ${styles.page}`}>
      <ConfirmSubscriptionView
        token={token}
        name={link.name}
        email={link.email}
        manageToken={link.manageToken}
      />
    </div>
  );
}
