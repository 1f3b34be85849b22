'use client';

// The "Notifications" section of /authors/edit-profile (issue 25; docs/decisions/055-notifications.md):
// one checkbox per kind (all on by default) and the daily e-mail digest (off by default), saved with
// PATCH /api/users/{id} {notifications}.
import { useSession } from 'next-auth/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { toErrorMessage } from '@/lib/api-client';
import type { NotificationSettings } from '@/server/modules/users/users.schema';
import { fetchNotificationSettings, saveNotificationSettings } from './notifications-api';
import styles from './notifications.module.css';

const KINDS: [keyof Omit<NotificationSettings, 'digest'>, string][] = [
  ['follower', 'Someone follows you'],
  ['response', 'Someone responds to one of your stories'],
  ['reply', 'Someone replies to one of your responses'],
  ['mention', 'Someone mentions you by your @handle'],
  ['storyApproved', 'A publication publishes a story you submitted'],
  ['storyRejected', 'A publication returns a story you submitted'],
];

export function NotificationSettingsSection() {
  const { data: session, status } = useSession();
  const userId = status === 'unauthenticated' ? null : (session?.user.id ?? null);
  const [loaded, setLoaded] = useState<{
    userId: string;
    settings: NotificationSettings | null;
    error: string | null;
  } | null>(null);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchNotificationSettings(controller.signal).then(
      (settings) => setLoaded({ userId, settings, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ userId, settings: null, error: toErrorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [userId]);

  if (!userId) return null;
  return (
    <section id="notifications" className={styles.settings} aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title" className={styles.settingsTitle}>
        Notifications
      </h2>
      <p className={styles.lead}>
        What you hear about on Lamplight, and whether we e-mail you a daily digest.
      </p>
      {loaded?.userId !== userId ? (
        <div className={styles.skeleton} aria-busy="true" aria-label="Loading your notification settings" />
      ) : loaded.settings ? (
        <SettingsForm key={userId} userId={userId} initial={loaded.settings} />
      ) : (
        <p className="field-error" role="alert">
          {loaded.error}
        </p>
      )}
    </section>
  );
}

function SettingsForm({ userId, initial }: { userId: string; initial: NotificationSettings }) {
  const [settings, setSettings] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [done, setDone] = useState(false);
  const save = useMutation(() => saveNotificationSettings(userId, settings), {
    showError: 'inline',
    holdsDialog: false,
    onSuccess: (profile) => {
      const next = profile.notifications ?? settings;
      setSaved(next);
      setSettings(next);
      setDone(true);
    },
  });
  const changed = (Object.keys(settings) as (keyof NotificationSettings)[]).some(
    (k) => settings[k] !== saved[k],
  );
  const toggle = (key: keyof NotificationSettings) => (event: { target: { checked: boolean } }) => {
    setDone(false);
    setSettings((current) => ({ ...current, [key]: event.target.checked }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Tell me when</legend>
        {KINDS.map(([key, label]) => (
          <label key={key} className={styles.check}>
            <input type="checkbox" name={key} checked={settings[key]} onChange={toggle(key)} />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>E-mail</legend>
        <label className={styles.check}>
          <input type="checkbox" name="digest" checked={settings.digest} onChange={toggle('digest')} />
          Daily e-mail digest of my unread notifications
        </label>
      </fieldset>
      {save.error ? (
        <p className="field-error" role="alert">
          {save.error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={!changed} busy={save.busy} busyLabel="Saving…">
          Save notification settings
        </Button>
        <span role="status" className={styles.lead}>
          {done && !changed ? 'Saved.' : ''}
        </span>
      </div>
    </form>
  );
}
