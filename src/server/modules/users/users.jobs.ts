import { defineSweep } from '../../jobs/registry';
import { sweepSignUps } from './signups.service';

// Sign-up mails are sent by the request that stores the sign-up, right after it answers
// (signups.service.ts); this sweep sends any that a stopped process or a failed send left behind,
// and drops expired sign-ups with their password hashes (docs/decisions/027-sign-up-by-mail.md).

export const signUpMailsSweep = defineSweep({
  name: 'users.signup-mails',
  everySeconds: 15,
  run: () => sweepSignUps(),
});
