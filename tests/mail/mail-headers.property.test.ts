import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMail, type OutgoingMail } from '../../src/server/lib/mail';
import {
  confirmationMail,
  personalize,
  renderNewsletter,
} from '../../src/server/modules/newsletters/newsletters-mail';
import {
  SIGN_UP_SUBJECTS,
  signUpConfirmationMail,
  signUpRegisteredMail,
} from '../../src/server/modules/users/signups-mail';

// Issue 19: a publication named "Gazette\r\nBcc: victim@…" wrote a Bcc header into the mail. Here
// 1,000 generated names — line breaks in every position, "\r\n\r\n", header look-alikes, RFC 2047
// look-alikes, long Chinese, 2,000 characters, every C0 control — go through every kind of mail the
// site sends, and a real parser (mailparser) reads each message: exactly the expected headers, and the
// name intact in the decoded subject and sender.

/** A small seeded generator (mulberry32): the same 1,000 names on every run, so a failure repeats. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'Crlf Gazette',
  '\r\n',
  '\r',
  '\n',
  '\r\n\r\n',
  'Bcc: victim@example.com',
  'X-Injected: yes',
  '\r\nSubject: forged',
  '=?UTF-8?B?QmNjOiB2aWN0aW1AZXhhbXBsZS5jb20=?=',
  '=?',
  '?=',
  '"quoted"',
  '<angle@brackets>',
  ' ',
  '  ',
  '\t',
  '信心与盼望',
  '平安',
  'Grâce',
  '🙏🕊️',
  'سلام',
  '\u2028',
  '\u0085',
  ';:,()\\',
  'Daily Bread',
];

function generateName(next: () => number, index: number): string {
  if (index === 0) return 'Crlf Gazette\r\nBcc: victim@example.com\r\nX-Injected: yes';
  if (index === 1) return 'x'.repeat(2000);
  if (index === 2) return '信'.repeat(2000);
  if (index === 3) return 'Gazette\r\n\r\nThe attacker writes the body';
  // Every C0 control and DEL, each at least once, at the start, the middle and the end.
  if (index < 4 + 33 * 3) {
    const code = (index - 4) % 33;
    const control = String.fromCharCode(code === 32 ? 0x7f : code);
    const where = Math.floor((index - 4) / 33);
    return where === 0 ? `${control}Name` : where === 1 ? `Na${control}me` : `Name${control}`;
  }
  const parts = 1 + Math.floor(next() * 8);
  let name = '';
  for (let part = 0; part < parts; part += 1) name += PIECES[Math.floor(next() * PIECES.length)];
  // Now and then a very long one.
  if (next() < 0.05) name = name.repeat(Math.ceil(2000 / Math.max(1, name.length))).slice(0, 2000);
  return name;
}

const next = random(19);
const NAMES = Array.from({ length: 1000 }, (_, index) => generateName(next, index));

const story = (title: string) => ({
  id: 'abcdefghijkl',
  slug: 'a-story',
  title,
  excerpt: 'An excerpt',
  featureImageUrl: null,
  bodyHtml: '<p>Body with <a href="https://example.com/">a link</a></p>',
  authorName: 'A Writer',
});

/** Every kind of mail the site sends, with the generated name wherever a name goes. */
type MailKind = {
  mail: (name: string) => OutgoingMail;
  subject: (name: string) => string;
  /** Mails to subscribers carry RFC 8058's one-click unsubscribe; account mails do not. */
  listHeaders: boolean;
};

const MAIL_KINDS: Record<string, MailKind> = {
  confirmation: {
    mail: (name) =>
      confirmationMail({
        subscriptionId: '00000000-0000-4000-8000-000000000001',
        email: 'reader@example.com',
        nonce: 'nonce',
        topicName: name,
      }),
    subject: (name) => `Confirm your subscription to ${name}`,
    listHeaders: true,
  },
  newsletter: {
    mail: (name) =>
      personalize(
        renderNewsletter('00000000-0000-4000-8000-000000000002', story(name), { name, image: null }),
        {
          subscriptionId: '00000000-0000-4000-8000-000000000003',
          email: 'reader@example.com',
        },
      ),
    subject: (name) => name,
    listHeaders: true,
  },
  'sign-up confirmation': {
    mail: (name) =>
      signUpConfirmationMail({
        signupId: '00000000-0000-4000-8000-000000000004',
        email: 'reader@example.com',
        name,
        token: 'token',
      }),
    subject: () => SIGN_UP_SUBJECTS.confirm,
    listHeaders: false,
  },
  'sign-up warning to a registered address': {
    mail: () =>
      signUpRegisteredMail({ signupId: '00000000-0000-4000-8000-000000000005', email: 'reader@example.com' }),
    subject: () => SIGN_UP_SUBJECTS.registered,
    listHeaders: false,
  },
};

const expectedHeaders = (kind: MailKind) => [
  'from',
  'to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  ...(kind.listHeaders ? ['list-unsubscribe', 'list-unsubscribe-post'] : []),
  'content-type',
];

describe.each(Object.entries(MAIL_KINDS))('the %s mail, with 1,000 generated names', (_kind, kind) => {
  it('has exactly the expected headers, each line within 998 characters, and the name intact', async () => {
    for (const name of NAMES) {
      const outgoing = kind.mail(name);
      const raw = composeMail(outgoing);
      const headerBlock = raw.toString('utf8').split('\r\n\r\n')[0]!;
      // Only CRLF ends a line, every continuation line starts with white space, none is too long.
      expect(headerBlock.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      for (const line of headerBlock.split('\r\n')) {
        expect(line.length).toBeLessThanOrEqual(998);
        expect(line).toMatch(/^([A-Za-z-]+:( |$)|[ \t])/);
      }
      const parsed = await simpleParser(raw);
      expect(parsed.headerLines.map((header) => header.key)).toEqual(expectedHeaders(kind));
      expect(parsed.subject).toBe(kind.subject(name));
      expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((a) => a.address) : []).toEqual([
        'reader@example.com',
      ]);
      if (outgoing.fromName !== undefined) expect(parsed.from?.value[0]?.name).toBe(name);
      expect(parsed.from?.value.map((a) => a.address)).toEqual(['no-reply@lamplight.local']);
    }
  }, 120_000); // 1,000 messages composed and parsed: seconds, more on a loaded machine
});

describe('a header value no encoding can make safe', () => {
  const base: OutgoingMail = {
    to: 'reader@example.com',
    subject: 's',
    html: 'h',
    text: 't',
    messageId: '<a@b>',
  };
  it.each([
    ['a recipient with a line break', { ...base, to: 'reader@example.com\r\nBcc: victim@example.com' }],
    ['two recipients', { ...base, to: 'reader@example.com, victim@example.com' }],
    ['a Message-ID with a line break', { ...base, messageId: '<a@b>\r\nBcc: victim@example.com' }],
    [
      'a structured header with a line break',
      { ...base, headers: { 'List-Unsubscribe': '<x>\r\nBcc: v@e.com' } },
    ],
    ['a header name with a colon', { ...base, headers: { 'Bcc: victim@example.com\r\nX': 'y' } }],
  ])('refuses %s rather than write it', (_case, mail) => {
    expect(() => composeMail(mail)).toThrow(/./);
  });
});
