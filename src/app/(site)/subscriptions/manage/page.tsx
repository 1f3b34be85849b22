import type { Metadata } from 'next';
import { ManageSubscriptions } from '@/components/subscriptions/manage-subscriptions';
import styles from '@/components/subscriptions/subscriptions.module.css';
import { listOwnSubscriptions } from '@/server/modules/newsletters/subscriptions.service';
import { LinkProblem } from '../link-problem';

export const metadata: Metadata = { title: 'Your subscriptions', robots: { index: false } };

// The subscriber's own page, from the link in every mail (issue 12 §6).
export default async function ManageSubscriptionsPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token: raw } = await searchParams;
  const token = typeof raw === 'string' ? raw : '';
  let answer: Awaited<ReturnType<typeof listOwnSubscriptions>>;
  try {
    answer = await listOwnSubscriptions(token);
  } catch (error) {
    return <LinkProblem error={error} />;
  }
  return (
    <div className={`reading ${styles.page}`}>
      <ManageSubscriptions token={token} initial={answer} />
    </div>
  );
}
