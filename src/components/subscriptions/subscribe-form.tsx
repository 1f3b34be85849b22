'use client';

// An e-mail subscription to one topic: PUT /api/subscribe {email, topic, timezone} (DESIGN §6),
// then /static/subscribe_success. Failures show as a red inline message (SPEC §8).
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@/components/hooks/use-mutation';
import { Button } from '@/components/ui/button';
import { browserTimeZone } from '@/lib/topics';
import { emailSchema } from '@/server/modules/users/users.schema';
import { putSubscription } from './subscribe-api';
import styles from './subscribe-form.module.css';

type SubscribeFormProps = {
  topic: string;
  buttonLabel?: string;
  /** Where to go after subscribing. */
  successPath?: string;
  /** Shown instead of the server's error text when the call fails (SPEC §7: the dialogs' words). */
  failureText?: string;
  /** Inside a dialog: the dialog cannot close while the call is out (SPEC §2), and closes after it. */
  inDialog?: { onSubscribed: () => void };
};

export function SubscribeForm({
  topic,
  buttonLabel = 'Subscribe',
  successPath = '/static/subscribe_success',
  failureText,
  inDialog,
}: SubscribeFormProps) {
  const router = useRouter();
  const id = useId();
  const [email, setEmail] = useState('');
  // SPEC §5: 'Please enter a valid email address.' — the API's own check (users.schema.ts), before the call.
  const [invalid, setInvalid] = useState<string | null>(null);
  const subscribe = useMutation(
    (address: string) => putSubscription({ email: address, topic, timezone: browserTimeZone() }),
    {
      showError: 'inline',
      holdsDialog: Boolean(inDialog),
      onSuccess: () => {
        inDialog?.onSubscribed();
        router.push(successPath);
      },
    },
  );
  const busy = subscribe.busy;
  const error = invalid ?? (subscribe.error ? (failureText ?? subscribe.error) : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    setInvalid(parsed.success ? null : parsed.error.issues[0].message);
    if (parsed.success) void subscribe.run(parsed.data);
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
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
        <Button type="submit" busy={busy} busyLabel="Loading...">
          {buttonLabel}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
