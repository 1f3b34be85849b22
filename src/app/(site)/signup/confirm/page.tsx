import type { Metadata } from 'next';
import { ConfirmSignUp } from '@/components/auth/confirm-sign-up';

export const metadata: Metadata = { title: 'Confirm your e-mail', robots: { index: false } };

// The link of a sign-up mail (docs/decisions/027-sign-up-by-mail.md). Opening it (GET, HEAD, a
// prefetch, a mail scanner) changes nothing and reads nothing: the page's button creates the account
// and signs in (next-auth's credentials callback, a POST with the token).
export default async function ConfirmSignUpPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token: raw } = await searchParams;
  return <ConfirmSignUp token={typeof raw === 'string' ? raw : ''} />;
}
