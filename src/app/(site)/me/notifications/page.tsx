import type { Metadata } from 'next';
import { NotificationsList } from '@/components/notifications/notifications-list';
import styles from '@/components/notifications/notifications.module.css';

export const metadata: Metadata = { title: 'Notifications', robots: { index: false } };

// /me/notifications (issue 25; docs/decisions/055-notifications.md): the reader's own notifications,
// loaded after the page through GET /api/notifications (the page itself is the same for everyone).
export default function NotificationsPage() {
  return (
    <div className={styles.page}>
      <NotificationsList />
    </div>
  );
}
