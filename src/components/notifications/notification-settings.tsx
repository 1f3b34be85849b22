'use client';

// The "Notifications" section of /authors/edit-profile (issue 25; docs/decisions/055-notifications.md):
// one checkbox per kind (all on by default) and the daily e-mail digest (off by default) with the hour
// it arrives in the reader's time zone (the browser's, sent with the settings), saved with
// PATCH /api/users/{id} {notifications}.
import { useSession } from 'next-auth/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toErrorMessage } from '@/lib/api-client';
import { browserTimeZone, hourLabel } from '@/lib/time-zone';
import {
  DIGEST_HOUR_MAX,
  DIGEST_HOUR_MIN,
  type NotificationSettings,
} from '@/server/modules/users/users.schema';
import { fetchNotificationSettings, saveNotificationSettings } from './notifications-api';
import styles from './notifications.module.css';

type Kind = keyof Omit<NotificationSettings, 'digest' | 'digestHour' | 'timeZone'>;

const KINDS: [Kind, string][] = [
  ['follower', 'Someone follows you'],
  ['response', 'Someone responds to one of your stories'],
  ['reply', 'Someone replies to one of your responses'],
  ['mention', 'Someone mentions you by your @handle'],
  ['storyApproved', 'A publication publishes a story you submitted'],
  ['storyRejected', 'A publication returns a story you submitted'],
];

const HOURS = Array.from({ length: DIGEST_HOUR_MAX - DIGEST_HOUR_MIN + 1 }, (_, i) => DIGEST_HOUR_MIN + i);

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
  // The digest's hour is the reader's own: in the time zone of the browser they save from.
  const [timeZone] = useState(browserTimeZone);
  const hours = useMemo(() => HOURS.map((hour) => [hour, hourLabel(hour)] as const), []);
  const [settings, setSettings] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [done, setDone] = useState(false);
  const save = useMutation(() => saveNotificationSettings(userId, { ...settings, timeZone }), {
    showError: 'inline',
    holdsDialog: false,
    onSuccess: (profile) => {
      const next = profile.notifications ?? { ...settings, timeZone };
      setSaved(next);
      setSettings(next);
      setDone(true);
    },
  });
  // A digest set in another zone (UTC, for a reader who never chose) moves to this one when saved.
  const zoneMoves = settings.digest && saved.timeZone !== timeZone;
  const changed =
    zoneMoves ||
    (Object.keys(settings) as (keyof NotificationSettings)[]).some(
      (k) => k !== 'timeZone' && settings[k] !== saved[k],
    );
  const toggle = (key: Kind | 'digest') => (event: { target: { checked: boolean } }) => {
    setDone(false);
    setSettings((current) => ({ ...current, [key]: event.target.checked }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run();
  };
  const zoneName = (zone: string) => zone.replaceAll('_', ' ');
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
        <Field
          label="Send the digest at"
          className={styles.digestHour}
          hint={
            zoneMoves
              ? `Your time zone: ${zoneName(timeZone)} (the digest is set in ${zoneName(saved.timeZone)} until you save).`
              : `Your time zone: ${zoneName(timeZone)}.`
          }
        >
          {(control) => (
            <select
              {...control}
              name="digestHour"
              value={settings.digestHour}
              disabled={!settings.digest}
              onChange={(event) => {
                setDone(false);
                setSettings((current) => ({ ...current, digestHour: Number(event.target.value) }));
              }}
            >
              {hours.map(([hour, label]) => (
                <option key={hour} value={hour}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
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
