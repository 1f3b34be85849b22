import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { DigestOffView } from '@/components/notifications/digest-off-view';
import styles from '@/components/notifications/notifications.module.css';
import { AppError } from '@/server/lib/errors';
import { readDigestOffLink } from '@/server/modules/notifications/notifications.service';

export const metadata: Metadata = { title: 'Turn off the daily digest', robots: { index: false } };

// A digest mail's "Turn off the daily digest" link (and where GET /api/notifications/digest/unsubscribe
// sends a browser): it asks, and its button turns the digest off. No sign-in: the token names the reader.
export default async function DigestOffPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token: raw } = await searchParams;
  const token = typeof raw === 'string' ? raw : '';
  let link: { digest: boolean };
  try {
    link = await readDigestOffLink(token);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{error.message}</h1>
        <p className={styles.lead}>
          Links in our mails are signed for one reader and last about a year. You can turn the digest off in
          your notification settings.
        </p>
        <div className={styles.actions}>
          <Link href="/authors/edit-profile#notifications" className="button button-primary">
            Notification settings
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <DigestOffView token={token} alreadyOff={!link.digest} />
    </div>
  );
}
