'use client';

import { useSession } from 'next-auth/react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { useDialog } from '@/components/dialogs/dialog-provider';
import { isSafeRedirectPath } from '@/lib/url';

// next-auth's error codes, in words a reader understands. Any other value is shown as it is.
const MESSAGES: Record<string, string> = {
  SessionRequired: 'Please sign in to see that page.',
  Banned: 'Your account has been banned.',
  AccessDenied: 'You cannot sign in with that account.',
  OAuthSignin: 'We could not reach the sign-in provider. Please try again.',
  OAuthCallback: 'The sign-in provider did not confirm your account. Please try again.',
  OAuthAccountNotLinked: 'That account has no e-mail address we can use. Please sign in with e-mail.',
  Callback: 'Sign-in could not be completed. Please try again.',
  Configuration: 'Sign-in is not available right now.',
  Verification: 'That sign-in link is no longer valid.',
  Default: 'Sign-in could not be completed. Please try again.',
};

/** next-auth passes absolute callback URLs; only a path on this site is ever followed. */
function sameOriginPath(callbackUrl: string | null): string {
  if (!callbackUrl) return '/';
  if (typeof window !== 'undefined' && callbackUrl.startsWith(`${window.location.origin}/`)) {
    callbackUrl = callbackUrl.slice(window.location.origin.length);
  }
  return isSafeRedirectPath(callbackUrl) ? callbackUrl : '/';
}

export function SignInClient() {
  const params = useSearchParams();
  const router = useRouter();
  const { status } = useSession();
  const { openDialog } = useDialog();
  const error = params.get('error');
  const target = sameOriginPath(params.get('callbackUrl'));

  useEffect(() => {
    if (status === 'authenticated') router.replace(target);
    else if (status === 'unauthenticated') openDialog('sso', { callbackUrl: target });
  }, [status, target, router, openDialog]);

  return (
    <main id="main" className="container" style={{ padding: '4rem 1rem', textAlign: 'center' }}>
      <h1>Sign in to Lamplight</h1>
      {error ? (
        <p role="alert" style={{ color: '#b42318' }}>
          {MESSAGES[error] ?? error}
        </p>
      ) : (
        <p>Sign in to write, publish and keep your lists.</p>
      )}
      <button
        type="button"
        className="button button-primary"
        onClick={() => openDialog('sso', { callbackUrl: target })}
      >
        Sign in
      </button>
    </main>
  );
}
