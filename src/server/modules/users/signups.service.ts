import { createHash, randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/password';
import { clientBucket } from '../../lib/client-address';
import { newUuid } from '../../lib/ids';
import { MailError, mailTransport } from '../../lib/mail';
import { log } from '../../observability/logger';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limits/rate-limits.service';
import { signUpConfirmationMail, signUpRegisteredMail } from './signups-mail';
import { SIGN_UP_CHECK_INBOX, type SignUpInput } from './signups.schema';
import {
  claimPendingSignupMail,
  deleteExpiredPendingSignups,
  deletePendingSignup,
  markPendingSignupMailSent,
  releasePendingSignupMail,
  upsertPendingSignup,
} from './signups.repository';
import { findUserByEmail } from './users.repository';

// Sign-up by mail (docs/decisions/027-sign-up-by-mail.md). The request does the same work whatever
// the address — validate, count, hash the password, store the sign-up — and answers the same words;
// only the mail, sent after the answer, depends on whether the address is registered: a new one gets
// the link that creates the account, a registered one a note that someone tried.

export const SIGN_UP_LIFETIME_SECONDS = 24 * 60 * 60;
/** A sender that took a sign-up's mail this long ago and has not sent it has died: take it again. */
const MAIL_LEASE_SECONDS = 120;

/** The database keeps only this of a mail's token: the link itself is never stored. */
export const signUpTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** POST /api/users/signup: one answer for a new and a registered address alike. */
export async function requestSignUp(
  input: SignUpInput,
  clientAddress: string,
): Promise<{ message: typeof SIGN_UP_CHECK_INBOX }> {
  await consumeRateLimit(RATE_LIMITS.signUpPerIp, clientBucket(clientAddress));
  await consumeRateLimit(RATE_LIMITS.signUpPerEmail, input.email);
  const id = await upsertPendingSignup({
    id: newUuid(),
    email: input.email,
    name: input.name || input.email.split('@')[0]!,
    passwordHash: await hashPassword(input.password),
    expiresAt: new Date(Date.now() + SIGN_UP_LIFETIME_SECONDS * 1000),
  });
  // Sent after the answer, so the answer's timing says nothing about which mail it is; a send that
  // is lost (the process stops) or fails is taken up by the sweep (users.jobs.ts).
  void sendSignUpMails(id).catch((error: unknown) =>
    log('signup').warn({ signupId: id, err: error }, 'mail not sent yet; the sweep will retry'),
  );
  return { message: SIGN_UP_CHECK_INBOX };
}

/**
 * Sends the sign-up mails not sent yet (or just `signupId`'s): the request's follow-up and the
 * sweep's effect. Each is claimed first, so two senders never send one twice; a failed send is
 * released for the next run, a permanent refusal (5xx) drops the sign-up. Answers how many went out.
 */
export async function sendSignUpMails(signupId?: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = signUpTokenHash(token);
    const signup = await claimPendingSignupMail(tokenHash, MAIL_LEASE_SECONDS, signupId);
    if (!signup) return sent;
    const registered = Boolean(await findUserByEmail(signup.email));
    try {
      await mailTransport().send(
        registered
          ? signUpRegisteredMail({ signupId: signup.id, email: signup.email })
          : signUpConfirmationMail({ signupId: signup.id, email: signup.email, name: signup.name, token }),
      );
      sent++;
    } catch (error) {
      if (error instanceof MailError && error.permanent) {
        log('signup').warn({ signupId: signup.id, reason: error.message }, 'mail refused for good');
        await deletePendingSignup(signup.id, tokenHash);
        continue;
      }
      await releasePendingSignupMail(signup.id, tokenHash);
      throw error;
    }
    // A registered address has nothing to confirm: its sign-up (and the password hash) goes now.
    if (registered) await deletePendingSignup(signup.id, tokenHash);
    else await markPendingSignupMailSent(signup.id, tokenHash);
    if (signupId) return sent;
  }
}

/** The sweep: mails a lost send left behind, and expired sign-ups dropped. */
export async function sweepSignUps(): Promise<number> {
  const expired = await deleteExpiredPendingSignups();
  const sent = await sendSignUpMails().catch((error: unknown) => {
    log('signup').warn({ err: error }, 'sending sign-up mails failed; will retry');
    return 0;
  });
  return expired + sent;
}
