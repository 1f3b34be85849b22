// The policy matrix, publications and newsletters: every action × every kind of actor × the states that
// matter, each cell written out below ('Y' allowed, '.' refused). Reading a row should be enough to know
// who may do what. publication-matrix.test.ts tests each cell; matrix-coverage.test.ts checks that
// every action has a row in some table. Not a test file itself: both of those build their cases here.
import { expect } from 'vitest';
import { can, type Action, type NewsletterCandidate, type NewsletterEntryResource } from './index';
import { cells, covered, user, type Case, type Kind } from './test-support';

// ---------------------------------------------------------------------------------------------------------
// Publications and newsletters (publication 'pub-1'; the actor's role in it)
// ---------------------------------------------------------------------------------------------------------

const pubKinds: [string, Kind][] = [
  ['anonymous', { actor: null, role: null }],
  ['banned pub owner', { actor: user('u-banned', [], 'banned'), role: 'owner' }],
  ['writer (no membership)', { actor: user('u-other'), role: null }],
  ['pub author', { actor: user('u-pa'), role: 'author' }],
  ['pub editor', { actor: user('u-pe'), role: 'editor' }],
  ['pub owner', { actor: user('u-po'), role: 'owner' }],
  ['site editor', { actor: user('u-se', ['editor']), role: null }],
  ['site admin', { actor: user('u-sa', ['admin']), role: null }],
];

// Columns:  anon banned · writer · pubAuthor pubEditor pubOwner · siteEditor siteAdmin
// prettier-ignore
const PUBLICATION: [Action, string][] = [
  ['publication.read',                     'YY Y YYY YY'],
  ['publication.openStudio',               '.. . YYY ..'],
  ['publication.viewStudio',               '.. . .YY ..'],
  ['publication.openAdmin',                '.. . .YY .Y'],
  ['publication.updateProfile',            '.. . .YY ..'],
  ['publication.manageCollections',        '.. . .YY ..'],
  ['publication.manageNewsletterSettings', '.. . .YY ..'],
  ['publication.manageContributors',       '.. . ..Y ..'],
  ['publication.changeRole',               '.. . ..Y ..'],
  ['publication.delete',                   '.. . ..Y .Y'],
  ['publication.submitStory',              '.. . YYY ..'],
  ['import.intoPublication',               '.. . ..Y .Y'],
  ['export.publication',                   '.. . ..Y .Y'],
  ['export.subscribers',                   '.. . ..Y .Y'],
  ['webhook.managePublication',            '.. . ..Y .Y'],
  ['plan.manage',                          '.. . ..Y ..'],
];

const ENTRY_STATES: Record<string, NewsletterEntryResource> = {
  'new (no status, no time)': { publicationId: 'pub-1', status: null, scheduledTime: null },
  unscheduled: { publicationId: 'pub-1', status: 'unscheduled', scheduledTime: null },
  scheduled: { publicationId: 'pub-1', status: 'scheduled', scheduledTime: 1_900_000_000_000 },
  'scheduled (time only)': { publicationId: 'pub-1', status: null, scheduledTime: 1_900_000_000_000 },
  sending: { publicationId: 'pub-1', status: 'sending', scheduledTime: 1_900_000_000_000 },
  sent: { publicationId: 'pub-1', status: 'sent', scheduledTime: 1_900_000_000_000 },
  failed: { publicationId: 'pub-1', status: 'failed', scheduledTime: 1_900_000_000_000 },
};

// prettier-ignore
const NEWSLETTER: Record<Exclude<Extract<Action, `newsletter.${string}`>, 'newsletter.add'>, string[]> = {
  //                        new            unscheduled    scheduled      sched.(time)   sending        sent           failed
  'newsletter.update':     ['.. . .YY ..', '.. . .YY ..', '.. . .YY ..', '.. . .YY ..', '.. . ... ..', '.. . ... ..', '.. . ... ..'],
  'newsletter.schedule':   ['.. . .YY ..', '.. . .YY ..', '.. . ... ..', '.. . ... ..', '.. . ... ..', '.. . ... ..', '.. . ... ..'],
  'newsletter.reschedule': ['.. . ... ..', '.. . ... ..', '.. . .YY ..', '.. . .YY ..', '.. . ... ..', '.. . ... ..', '.. . ... ..'],
  'newsletter.cancel':     ['.. . ... ..', '.. . ... ..', '.. . .YY ..', '.. . .YY ..', '.. . ... ..', '.. . ... ..', '.. . ... ..'],
  'newsletter.remove':     ['.. . .YY ..', '.. . .YY ..', '.. . .YY ..', '.. . .YY ..', '.. . ... ..', '.. . .YY ..', '.. . .YY ..'],
};

const candidate = (
  story: Partial<NewsletterCandidate['story']> = {},
  hasNewsletters = true,
): NewsletterCandidate => ({
  publicationId: 'pub-1',
  hasNewsletters,
  story: {
    authorId: 'u-pa',
    status: 'published',
    publicationId: 'pub-1',
    authorStatus: 'active',
    hasExcerpt: true,
    isInNewsletter: false,
    ...story,
  },
});

// SPEC §4 "Add to newsletter": newsletters on, story in this publication, scheduled or published, not in one yet.
// prettier-ignore
const NEWSLETTER_ADD: [string, NewsletterCandidate, string][] = [
  ['published story',                candidate(),                                  '.. . .YY ..'],
  ['scheduled story',                candidate({ status: 'scheduled' }),           '.. . .YY ..'],
  ['draft story',                    candidate({ status: 'draft' }),               '.. . ... ..'],
  ['pending story',                  candidate({ status: 'pending' }),             '.. . ... ..'],
  ['already in a newsletter',        candidate({ isInNewsletter: true }),          '.. . ... ..'],
  ['publication has no newsletters', candidate({}, false),                         '.. . ... ..'],
  ["another publication's story",    candidate({ publicationId: 'pub-2' }),        '.. . ... ..'],
  ['solo story',                     candidate({ publicationId: null }),           '.. . ... ..'],
  ["banned author's story",          candidate({ authorStatus: 'banned' }),        '.. . ... ..'],
];

export function publicationCases(): Case[] {
  const out: Case[] = [];
  for (const [action, row] of PUBLICATION) {
    covered.add(action);
    cells(row, pubKinds.length).forEach((expected, k) => {
      const [who, { actor, role }] = pubKinds[k];
      out.push([
        `${action} · ${who}`,
        expected,
        () => can(actor, action, { id: 'pub-1' }, { publicationRole: role }),
      ]);
    });
  }
  const states = Object.entries(ENTRY_STATES);
  for (const [action, rows] of Object.entries(NEWSLETTER) as [keyof typeof NEWSLETTER, string[]][]) {
    covered.add(action);
    expect(rows).toHaveLength(states.length);
    rows.forEach((row, i) => {
      const [state, entry] = states[i];
      cells(row, pubKinds.length).forEach((expected, k) => {
        const [who, { actor, role }] = pubKinds[k];
        out.push([
          `${action} · ${state} · ${who}`,
          expected,
          () => can(actor, action, entry, { publicationRole: role }),
        ]);
      });
    });
  }
  covered.add('newsletter.add');
  for (const [state, cand, row] of NEWSLETTER_ADD) {
    cells(row, pubKinds.length).forEach((expected, k) => {
      const [who, { actor, role }] = pubKinds[k];
      out.push([
        `newsletter.add · ${state} · ${who}`,
        expected,
        () => can(actor, 'newsletter.add', cand, { publicationRole: role }),
      ]);
    });
  }
  return out;
}
