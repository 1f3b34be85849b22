import type { Metadata } from 'next';
import { NotificationSettingsSection } from '@/components/notifications/notification-settings';
import { EditProfileForm } from '@/components/profile/edit-profile-form';
import styles from '@/components/profile/profile.module.css';

export const metadata: Metadata = { title: 'Edit profile', robots: { index: false } };

// SPEC §2 /authors/edit-profile: the signed-in user's photo, name, bio and home address.
export default function EditProfilePage() {
  return (
    <div className={`reading ${styles.page}`}>
      <h1 className={styles.pageTitle}>Edit profile</h1>
      <p className={styles.pageLead}>How readers see you on your home page and beside your stories.</p>
      <EditProfileForm />
      {/* The notification settings (issue 25; docs/decisions/055-notifications.md). */}
      <NotificationSettingsSection />
    </div>
  );
}
