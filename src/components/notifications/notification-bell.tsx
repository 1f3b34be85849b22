'use client';

// The header's bell (issue 25; docs/decisions/055-notifications.md): a link to /me/notifications
// with the signed-in reader's unread count. Cached pages are the same for everyone (decision 031):
// the count comes after the page, in its one personal call (GET /api/me/page-state?account=1, asked
// together with the account menu's part).
import Link from '@/components/ui/link';
import { usePageState } from '@/components/viewer/use-page-state';
import styles from './notifications.module.css';

const BellIcon = () => (
  <svg
    width={22}
    height={22}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.6}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    focusable={false}
  >
    <path d="M6 10a6 6 0 0 1 12 0c0 4.5 1.5 6 2 6.5H4c.5-.5 2-2 2-6.5z" />
    <path d="M10 19.5a2 2 0 0 0 4 0" />
  </svg>
);

/** "9+" beyond nine, so the badge keeps its size. */
const shown = (count: number) => (count > 9 ? '9+' : String(count));

export function NotificationBell() {
  const unread = usePageState({ account: '1' })?.unreadNotifications ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link href="/me/notifications" className={styles.bell} aria-label={label} title={label}>
      <BellIcon />
      {unread > 0 ? (
        <span className={styles.badge} aria-hidden="true" data-testid="notification-count">
          {shown(unread)}
        </span>
      ) : null}
    </Link>
  );
}
