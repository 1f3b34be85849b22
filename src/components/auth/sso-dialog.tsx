'use client';

// SPEC §2 sso dialog: sign in through next-auth's one Credentials provider, or create an account
// (POST /api/users/signup: a mail confirms the address first, and its link signs the person in —
// docs/decisions/027-sign-up-by-mail.md), plus Google and Facebook when the server has them configured.
import { getProviders, signIn, type ClientSafeProvider } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DialogShell } from '@/components/dialogs/dialog-shell';
import { useDialog } from '@/components/dialogs/dialog-provider';
import type { DialogPropsMap } from '@/components/dialogs/dialog-keys';
import { api, ApiError, call } from '@/lib/api-client';
import { isSafeRedirectPath } from '@/lib/url';
import { PASSWORD_MIN, signUpSchema } from '@/server/modules/users/signups.schema';
import { USER_NAME_MAX } from '@/server/modules/users/users.schema';
import styles from './sso-dialog.module.css';

type Mode = 'signin' | 'signup';
type SsoDialogProps = DialogPropsMap['sso'];

const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;

export default function SsoDialog({ mode: initialMode = 'signin', callbackUrl }: SsoDialogProps) {
  const router = useRouter();
  const { busy, setBusy, closeDialog } = useDialog();
  const [mode, setMode] = useState<Mode>(initialMode);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** After a sign-up: the server's "check your inbox" words and the address they went to. */
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);
  const [social, setSocial] = useState<ClientSafeProvider[]>([]);
  const ids = useId();
  const target = isSafeRedirectPath(callbackUrl) ? callbackUrl : undefined;

  useEffect(() => {
    let live = true;
    getProviders()
      .then((providers) => {
        if (!live || !providers) return;
        setSocial(
          SOCIAL_PROVIDERS.map((id) => providers[id]).filter((p): p is ClientSafeProvider => Boolean(p)),
        );
      })
      .catch(() => {
        /* No social buttons when the provider list cannot be read. */
      });
    return () => {
      live = false;
    };
  }, []);

  // Never leave the host busy if the dialog goes away mid-request.
  useEffect(() => () => setBusy(false), [setBusy]);

  const switchMode = (next: Mode) => {
    if (busy || next === mode) return;
    setMode(next);
    setError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    if (mode === 'signup') {
      await submitSignUp();
      return;
    }
    try {
      const result = await signIn('credentials', {
        email: email.trim(),
        password,
        mode,
        redirect: false,
        callbackUrl: target ?? window.location.href,
      });
      setBusy(false);
      if (!result || result.error || !result.ok) {
        setError(result?.error || 'Sign-in failed. Please try again.');
        return;
      }
      closeDialog();
      if (target) router.push(target);
      router.refresh();
    } catch {
      setBusy(false);
      setError('Could not reach the server. Check your connection and try again.');
    }
  };

  const submitSignUp = async () => {
    // The server's own schema first: a password it would refuse is explained without a request.
    const input = { email: email.trim(), password, name: name.trim() || undefined };
    const checked = signUpSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Please check the form.');
      setBusy(false);
      return;
    }
    try {
      const answer = await call(api.users.signup.$post({ json: input }));
      setSent({ message: answer.message, email: email.trim() });
      setPassword('');
    } catch (caught) {
      // The server's own words: which rule the password breaks, a rate limit, an unreachable server.
      setError(caught instanceof ApiError ? caught.serverMessage : 'Sign-up failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const signup = mode === 'signup';
  const errorId = `${ids}-error`;

  if (sent) {
    return (
      <DialogShell title="Join Lamplight" description="One more step: confirm your e-mail." size="small">
        <div className={styles.sent}>
          <p role="status" className={styles.sentMessage}>
            {sent.message}
          </p>
          <p className={styles.sentTo}>
            Sent to <strong>{sent.email}</strong>. Open the mail and press its button to finish.
          </p>
          <button type="button" className="button button-primary" onClick={() => closeDialog()}>
            Done
          </button>
          <button
            type="button"
            className="button button-outline"
            onClick={() => {
              setSent(null);
              setError(null);
            }}
          >
            Use another e-mail
          </button>
        </div>
      </DialogShell>
    );
  }

  return (
    <DialogShell
      title={signup ? 'Join Lamplight' : 'Welcome back'}
      description={
        signup
          ? 'Create an account to write, publish and keep lists.'
          : 'Sign in to write and keep your lists.'
      }
      size="small"
    >
      <div className={styles.tabs} role="group" aria-label="Sign in or create an account">
        <button
          type="button"
          className={styles.tab}
          aria-pressed={!signup}
          onClick={() => switchMode('signin')}
          disabled={busy}
        >
          Sign in
        </button>
        <button
          type="button"
          className={styles.tab}
          aria-pressed={signup}
          onClick={() => switchMode('signup')}
          disabled={busy}
        >
          Create account
        </button>
      </div>

      <form
        className={styles.form}
        onSubmit={onSubmit}
        aria-describedby={error ? errorId : undefined}
        noValidate={false}
      >
        {signup ? (
          <div className="field">
            <label htmlFor={`${ids}-name`}>Name</label>
            <input
              id={`${ids}-name`}
              name="name"
              type="text"
              autoComplete="name"
              autoFocus
              required
              maxLength={USER_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={busy}
            />
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${ids}-email`}>E-mail</label>
          <input
            id={`${ids}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            autoFocus={!signup}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            disabled={busy}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-password`}>Password</label>
          <input
            id={`${ids}-password`}
            name="password"
            type="password"
            autoComplete={signup ? 'new-password' : 'current-password'}
            required
            minLength={signup ? PASSWORD_MIN : undefined}
            aria-describedby={signup ? `${ids}-password-hint` : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            disabled={busy}
          />
          {signup ? (
            <p id={`${ids}-password-hint`} className="field-hint">
              At least {PASSWORD_MIN} characters, with letters and numbers.
            </p>
          ) : null}
        </div>

        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}

        <button type="submit" className={`button button-primary ${styles.submit}`} disabled={busy}>
          {busy ? (signup ? 'Creating account…' : 'Signing in…') : signup ? 'Create account' : 'Sign in'}
        </button>
      </form>

      {social.length > 0 ? (
        <div className={styles.social}>
          <p className={styles.divider}>
            <span>or</span>
          </p>
          {social.map((provider) => (
            <button
              key={provider.id}
              type="button"
              className={`button button-outline ${styles.socialButton}`}
              disabled={busy}
              onClick={() => void signIn(provider.id, { callbackUrl: target ?? window.location.href })}
            >
              Continue with {provider.name}
            </button>
          ))}
        </div>
      ) : null}
    </DialogShell>
  );
}
