'use client';

// An e-mail subscription to one topic: PUT /api/subscribe {email, topic, timezone} (DESIGN §6),
// then /static/subscribe_success. Failures show as a red inline message (SPEC §8).
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { apiFetch, toErrorMessage } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/topics';
import styles from './subscribe-form.module.css';

type SubscribeFormProps = {
  topic: string;
  buttonLabel?: string;
  /** Where to go after subscribing. */
  successPath?: string;
};

export function SubscribeForm({
  topic,
  buttonLabel = 'Subscribe',
  successPath = '/static/subscribe_success',
}: SubscribeFormProps) {
  const router = useRouter();
  const id = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await apiFetch('/api/subscribe', {
        method: 'PUT',
        body: { email: email.trim(), topic, timezone: browserTimeZone() },
      });
      router.push(successPath);
    } catch (err) {
      setError(toErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <label htmlFor={`${id}-email`} className="visually-hidden">
        E-mail address
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-email`}
          className={`input ${styles.input}`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder="Your e-mail address"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Loading...' : buttonLabel}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
