import { env } from '../../lib/env';
import type { OutgoingMail } from '../../lib/mail';
import { escapeHtml } from '../../lib/escape-html';

// The two mails a sign-up sends (docs/decisions/027-sign-up-by-mail.md): to a new address, the link
// that creates the account; to a registered one, a note that someone tried, with the way in.

const base = () => env.PUBLIC_URL.replace(/\/+$/, '');
const messageDomain = () => new URL(base()).hostname || 'lamplight.local';

export const signUpLinks = {
  /** The page that asks for one click (a GET never uses the token: mail scanners fetch links). */
  confirm: (token: string) => `${base()}/signup/confirm?token=${encodeURIComponent(token)}`,
  signIn: () => `${base()}/signin`,
  /** Where a person who forgot their password asks for help (there is no self-service reset). */
  support: () => `${base()}/contact`,
};

const frame = (inner: string) =>
  `<!doctype html><html><body style="margin:0;background:#f6f4ef">` +
  `<div style="max-width:640px;margin:0 auto;padding:24px;background:#ffffff;font-family:Georgia,serif;color:#1f1f1f">` +
  `${inner}</div></body></html>`;

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#1f1f1f;color:#ffffff;text-decoration:none;border-radius:4px">${label}</a></p>`;

export const SIGN_UP_SUBJECTS = {
  confirm: 'Confirm your e-mail to join Lamplight',
  registered: 'Someone tried to sign up with your address',
} as const;

/** To a new address: its link creates the account and signs the person in. */
export function signUpConfirmationMail(input: {
  signupId: string;
  email: string;
  name: string;
  token: string;
}): OutgoingMail {
  const confirm = signUpLinks.confirm(input.token);
  return {
    to: input.email,
    subject: SIGN_UP_SUBJECTS.confirm,
    messageId: `<signup.${input.signupId}.${Date.now()}@${messageDomain()}>`,
    html: frame(
      `<h1 style="font-size:24px">Welcome to Lamplight, ${escapeHtml(input.name)}</h1>` +
        `<p>Confirm this address to create your account and sign in.</p>` +
        button(confirm, 'Confirm and sign in') +
        `<p style="color:#6b6b6b">The link works for 24 hours, once. If you did not sign up, ignore this mail: no account is made without it.</p>`,
    ),
    text:
      `Welcome to Lamplight, ${input.name}\n\nConfirm this address to create your account and sign in:\n${confirm}\n\n` +
      `The link works for 24 hours, once. If you did not sign up, ignore this mail: no account is made without it.\n`,
  };
}

/** To a registered address: someone tried to sign up with it; nothing changed; how to get in. */
export function signUpRegisteredMail(input: { signupId: string; email: string }): OutgoingMail {
  const signIn = signUpLinks.signIn();
  const support = signUpLinks.support();
  return {
    to: input.email,
    subject: SIGN_UP_SUBJECTS.registered,
    messageId: `<signup-registered.${input.signupId}.${Date.now()}@${messageDomain()}>`,
    html: frame(
      `<h1 style="font-size:24px">You already have an account</h1>` +
        `<p>Someone (we hope you) tried to create a Lamplight account with this address, which already has one. Nothing has changed.</p>` +
        button(signIn, 'Sign in') +
        `<p>Forgot your password? <a href="${escapeHtml(support)}">Contact support</a> and we will help you back in.</p>` +
        `<p style="color:#6b6b6b">If it was not you, you can ignore this mail.</p>`,
    ),
    text:
      `You already have an account\n\nSomeone (we hope you) tried to create a Lamplight account with this address, which already has one. Nothing has changed.\n\n` +
      `Sign in: ${signIn}\n\nForgot your password? Contact support: ${support}\n\nIf it was not you, you can ignore this mail.\n`,
  };
}
