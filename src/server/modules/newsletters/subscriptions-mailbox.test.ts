import { describe, expect, it } from 'vitest';
import { mailboxKey } from './subscriptions-mailbox';

// The key of the per-address subscribe limit: every spelling of one mailbox gives the same key.
describe('mailboxKey', () => {
  it('drops a +tag and lower-cases', () => {
    for (let i = 1; i <= 8; i++) expect(mailboxKey(`a+${i}@example.com`)).toBe('a@example.com');
    expect(mailboxKey('  Grace.Hopper+News+Daily@Example.COM ')).toBe('grace.hopper@example.com');
    expect(mailboxKey('a+@example.com')).toBe('a@example.com');
  });

  it("drops the dots of Gmail's local part, for gmail.com and googlemail.com alike", () => {
    const key = 'johnsmith@gmail.com';
    for (const spelling of [
      'john.smith@gmail.com',
      'J.o.h.n.Smith@GMAIL.com',
      'johnsmith+letters@googlemail.com',
      'john.smith+a.b@googlemail.com',
      'johnsmith@gmail.com.',
    ]) {
      expect(mailboxKey(spelling), spelling).toBe(key);
    }
  });

  it('keeps dots elsewhere, and tells different mailboxes apart', () => {
    expect(mailboxKey('john.smith@example.com')).toBe('john.smith@example.com');
    expect(mailboxKey('john.smith@gmail.co')).toBe('john.smith@gmail.co');
    expect(mailboxKey('john.smith@mail.gmail.com')).toBe('john.smith@mail.gmail.com');
    expect(mailboxKey('a@example.com')).not.toBe(mailboxKey('b@example.com'));
    expect(mailboxKey('a@example.com')).not.toBe(mailboxKey('a@example.org'));
  });

  it('leaves what is not a tag alone', () => {
    // A leading '+' is the whole name; the last '@' splits a local part that holds one.
    expect(mailboxKey('+1@example.com')).toBe('+1@example.com');
    expect(mailboxKey('"a@b"+x@example.com')).toBe('"a@b"@example.com');
    expect(mailboxKey('...@gmail.com')).toBe('...@gmail.com');
    expect(mailboxKey('no-at-sign')).toBe('no-at-sign');
    expect(mailboxKey('trailing@')).toBe('trailing@');
  });
});
