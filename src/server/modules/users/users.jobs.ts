import { defineSweep } from '../../jobs/registry';

// Sign-up mails are sent by the request that stores the sign-up, right after it answers
// (signups.service.ts); this sweep sends any that a stopped process or a failed send left behind,
// and drops expired sign-ups with their password hashes (docs/decisions/027-sign-up-by-mail.md).

// Imported when run: the service imports the mail transport, which the job registry does not need.
const signups = () => import('./signups.service');

export const signUpMailsSweep = defineSweep({
  name: 'users.signup-mails',
  everySeconds: 15,
  run: async () => (await signups()).sweepSignUps(),
});
