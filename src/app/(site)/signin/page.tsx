import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignInClient } from './signin-client';

export const metadata: Metadata = { title: 'Sign in', robots: { index: false } };

// next-auth's sign-in and error page (auth-options `pages`): required sessions, OAuth failures and
// unknown providers land here with ?error= and the sign-in dialog opens.
export default function SignInPage() {
  return (
    <Suspense>
      <SignInClient />
    </Suspense>
  );
}
