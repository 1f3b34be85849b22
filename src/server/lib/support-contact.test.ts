import { describe, expect, it } from 'vitest';
import { mailFromAddress } from './env';

// /contact with neither SUPPORT_EMAIL nor SUPPORT_URL configured (decision 029): the address of a
// MAIL_FROM the operator set is offered, unless nobody reads it.
describe('the contact address a MAIL_FROM gives', () => {
  it('is the address of a MAIL_FROM that names a mailbox', () => {
    expect(mailFromAddress('Lamplight Team <team@church.example>')).toBe('team@church.example');
    expect(mailFromAddress('hello@church.example')).toBe('hello@church.example');
  });

  it('is none for an unset MAIL_FROM, a no-reply address, or something that is not an address', () => {
    for (const value of [
      undefined,
      '',
      'Lamplight <no-reply@lamplight.local>',
      'noreply@church.example',
      'Do Not Reply <do-not-reply@church.example>',
      'bounces+list@church.example',
      'MAILER-DAEMON@church.example',
      'Lamplight',
      'Lamplight <not an address>',
    ])
      expect(mailFromAddress(value), String(value)).toBeUndefined();
  });
});
