// Table-driven test of THE policy: every action × every kind of actor × the states that matter, each cell
// written out below ('Y' allowed, '.' refused). Reading a row should be enough to know who may do what.

import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { actorOf } from './actor';
import {
  ACTIONS,
  assertCan,
  can,
  placementCapabilities,
  readScopeOf,
  storyCapabilities,
  why,
  type Action,
  type Actor,
  type ListResource,
  type NewsletterCandidate,
  type NewsletterEntryResource,
  type PublicationRole,
  type StoryResource,
  type StoryStatus,
} from './policy';
import { publicationRoleOfStored, relationWordOf, storedSiteRoles, type StoredSiteRole } from './roles';

const covered = new Set<Action>();
type Kind = { actor: Actor; role: PublicationRole | null };
type Case = [label: string, expected: boolean, run: () => boolean];

/** '.. Y. ... .Y' → one boolean per column (spaces only group columns for the eye). */
function cells(row: string, width: number): boolean[] {
  const flat = row.replace(/\s/g, '');
  if (flat.length !== width || /[^Y.]/.test(flat)) throw new Error(`bad row "${row}" (want ${width} of Y/.)`);
  return [...flat].map((c) => c === 'Y');
}

const user = (id: string, roles: StoredSiteRole[] = [], status: 'active' | 'banned' = 'active'): Actor => ({
  id,
  roles,
  status,
});

// ---------------------------------------------------------------------------------------------------------
// Stories
// ---------------------------------------------------------------------------------------------------------

const STORY_STATUSES: StoryStatus[] = ['draft', 'pending', 'rejected', 'scheduled', 'published'];
type StoryAction = Extract<Action, `story.${string}`>;

// The story's author is 'u-own'. In a publication ('pub-1') the author is one of its authors.
// The pub* actors carry their role even for a solo story: it must not count there.
const storyKinds = (inPub: boolean, authorBanned: boolean): [string, Kind][] => [
  ['anonymous', { actor: null, role: null }],
  ['banned pub owner', { actor: user('u-banned', [], 'banned'), role: 'owner' }],
  [
    authorBanned ? 'own (banned author)' : inPub ? 'own (pub author)' : 'own (writer)',
    {
      actor: user('u-own', [], authorBanned ? 'banned' : 'active'),
      role: inPub ? 'author' : null,
    },
  ],
  ["writer, other's story", { actor: user('u-other'), role: null }],
  ['pub author', { actor: user('u-pa'), role: 'author' }],
  ['pub editor', { actor: user('u-pe'), role: 'editor' }],
  ['pub owner', { actor: user('u-po'), role: 'owner' }],
  ['site editor', { actor: user('u-se', ['editor']), role: null }],
  ['site admin', { actor: user('u-sa', ['admin']), role: null }],
];

// Columns in each cell:  anon banned · own other · pubAuthor pubEditor pubOwner · siteEditor siteAdmin
// prettier-ignore
const SOLO_STORY: Record<StoryAction, string[]> = {
  //                        draft           pending         rejected        scheduled       published
  'story.read':            ['.. Y. ... .Y', '.. Y. ... .Y', '.. Y. ... .Y', '.. Y. ... .Y', 'YY YY YYY YY'],
  'story.update':          ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..'],
  'story.editExcerpt':     ['.. .. ... YY', '.. .. ... YY', '.. .. ... YY', '.. .. ... YY', '.. .. ... YY'],
  'story.giveExcerpt':     ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.move':            ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.submitForReview': ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.publish':         ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. .. ... ..'],
  'story.schedule':        ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.reschedule':      ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. Y. ... ..', '.. .. ... ..'],
  'story.cancelSchedule':  ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. Y. ... ..', '.. .. ... ..'],
  'story.republish':       ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. Y. ... ..'],
  'story.unpublish':       ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. Y. ... .Y'],
  'story.approve':         ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.reject':          ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.delete':          ['.. Y. ... .Y', '.. Y. ... .Y', '.. Y. ... .Y', '.. Y. ... .Y', '.. Y. ... .Y'],
  'story.create':          [], // takes no story: see the site-wide table
};

// prettier-ignore
const PUB_STORY: Record<StoryAction, string[]> = {
  //                        draft           pending         rejected        scheduled       published
  'story.read':            ['.. Y. .YY .Y', '.. Y. .YY .Y', '.. Y. .YY .Y', '.. Y. .YY .Y', 'YY YY YYY YY'],
  'story.update':          ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..'],
  'story.editExcerpt':     ['.. .. ... YY', '.. .. ... YY', '.. .. ... YY', '.. .. ... YY', '.. .. ... YY'],
  'story.giveExcerpt':     ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.move':            ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.submitForReview': ['.. Y. ... ..', '.. .. ... ..', '.. Y. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.publish':         ['.. .. .YY ..', '.. .. .YY ..', '.. .. .YY ..', '.. .. .YY ..', '.. .. ... ..'],
  'story.schedule':        ['.. .. .YY ..', '.. .. .YY ..', '.. .. .YY ..', '.. .. ... ..', '.. .. ... ..'],
  'story.reschedule':      ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. .YY ..', '.. .. ... ..'],
  'story.cancelSchedule':  ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. .YY ..', '.. .. ... ..'],
  'story.republish':       ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. .YY ..'],
  'story.unpublish':       ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. Y. .YY .Y'],
  'story.approve':         ['.. .. ... ..', '.. .. .YY ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.reject':          ['.. .. ... ..', '.. .. .YY ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.delete':          ['.. Y. ... .Y', '.. Y. ... .Y', '.. Y. ... .Y', '.. Y. ... .Y', '.. Y. ... .Y'],
  'story.create':          [],
};

// A banned author's story (in a publication): gone for everyone but site admins (DESIGN §5).
// prettier-ignore
const BANNED_AUTHOR_STORY: Record<StoryAction, string[]> = {
  //                        draft           pending         rejected        scheduled       published
  'story.read':            ['.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y'],
  'story.update':          ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.editExcerpt':     ['.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y'],
  'story.giveExcerpt':     ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.move':            ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.submitForReview': ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.publish':         ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.schedule':        ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.reschedule':      ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.cancelSchedule':  ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.republish':       ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.unpublish':       ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... .Y'],
  'story.approve':         ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.reject':          ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.delete':          ['.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y', '.. .. ... .Y'],
  'story.create':          [],
};

function storyCases(
  name: string,
  table: Record<StoryAction, string[]>,
  inPub: boolean,
  authorBanned = false,
) {
  const kinds = storyKinds(inPub, authorBanned);
  const out: Case[] = [];
  for (const [action, rows] of Object.entries(table) as [StoryAction, string[]][]) {
    if (rows.length === 0) continue;
    covered.add(action);
    expect(rows).toHaveLength(STORY_STATUSES.length);
    rows.forEach((row, i) => {
      const status = STORY_STATUSES[i];
      const story: StoryResource = {
        authorId: 'u-own',
        status,
        publicationId: inPub ? 'pub-1' : null,
        authorStatus: authorBanned ? 'banned' : 'active',
        hasExcerpt: true,
      };
      cells(row, kinds.length).forEach((expected, k) => {
        const [who, { actor, role }] = kinds[k];
        out.push([
          `${name} · ${action} · ${status} · ${who}`,
          expected,
          () => can(actor, action, story, { publicationRole: role }),
        ]);
      });
    });
  }
  return out;
}

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
  ['publication.viewStudio',               '.. . .YY ..'],
  ['publication.updateProfile',            '.. . .YY ..'],
  ['publication.manageCollections',        '.. . .YY ..'],
  ['publication.manageNewsletterSettings', '.. . .YY ..'],
  ['publication.manageContributors',       '.. . ..Y ..'],
  ['publication.changeRole',               '.. . ..Y ..'],
  ['publication.delete',                   '.. . ..Y .Y'],
  ['publication.submitStory',              '.. . YYY ..'],
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

function publicationCases(): Case[] {
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

// ---------------------------------------------------------------------------------------------------------
// Lists, users, site-wide actions
// ---------------------------------------------------------------------------------------------------------

// The list belongs to 'u-owner'; the banned actor is that owner, banned.
const listKinds: [string, Actor][] = [
  ['anonymous', null],
  ['banned owner', user('u-owner', [], 'banned')],
  ['owner', user('u-owner')],
  ['other writer', user('u-other')],
  ['site editor', user('u-se', ['editor'])],
  ['site admin', user('u-sa', ['admin'])],
];

// Columns:  anon banned-owner · owner other · siteEditor siteAdmin
// The last two states are the lists of an owner who has since been banned (DESIGN §5: they vanish
// from public view, site admins still see the public ones).
const LIST_STATES: [string, Omit<ListResource, 'ownerId'>][] = [
  ['public', { privacyStatus: 'public', ownerStatus: 'active' }],
  ['private', { privacyStatus: 'private', ownerStatus: 'active' }],
  ['public, owner banned', { privacyStatus: 'public', ownerStatus: 'banned' }],
  ['private, owner banned', { privacyStatus: 'private', ownerStatus: 'banned' }],
];
// prettier-ignore
const LIST: [Action, string[]][] = [
  //                   public      private     public·banned private·banned
  ['list.read',       ['YY YY YY', '.. Y. ..', '.. Y. .Y',   '.. Y. ..']],
  ['list.update',     ['.. Y. ..', '.. Y. ..', '.. Y. ..',   '.. Y. ..']],
  ['list.delete',     ['.. Y. ..', '.. Y. ..', '.. Y. ..',   '.. Y. ..']],
  ['list.addPost',    ['.. Y. ..', '.. Y. ..', '.. Y. ..',   '.. Y. ..']],
  ['list.removePost', ['.. Y. ..', '.. Y. ..', '.. Y. ..',   '.. Y. ..']],
];

// The user acted upon is 'u-target'.
const userKinds: [string, Actor][] = [
  ['anonymous', null],
  ['banned self', user('u-target', [], 'banned')],
  ['self (writer)', user('u-target')],
  ['other writer', user('u-other')],
  ['site editor', user('u-se', ['editor'])],
  ['site admin', user('u-sa', ['admin'])],
  ['site admin, self', user('u-target', ['admin'])],
];

// Columns:  anon banned-self · self other · siteEditor siteAdmin siteAdmin-self
// prettier-ignore
const USER: [Action, string][] = [
  ['user.openStudio',    '.. Y. .YY'],
  ['user.updateProfile', '.. Y. ..Y'],
  ['user.ban',           '.. .. .Y.'],
];

// user.read: the profile, home and story lists of 'u-target', active or banned (DESIGN §5).
// prettier-ignore
const USER_READ: [string, 'active' | 'banned', string][] = [
  ['active user', 'active', 'YY YY YYY'],
  ['banned user', 'banned', '.. .. .YY'],
];

const siteKinds: [string, Actor][] = [
  ['anonymous', null],
  ['banned writer', user('u-banned', [], 'banned')],
  ['writer', user('u-other')],
  ['site editor', user('u-se', ['editor'])],
  ['site admin', user('u-sa', ['admin'])],
  ['site editor and admin', user('u-both', ['editor', 'admin'])],
];

// Columns:  anon banned · writer · siteEditor siteAdmin both
// prettier-ignore
const SITE: [Action, string][] = [
  ['session.start',      '.. Y YYY'],
  ['story.create',       '.. Y YYY'],
  ['publication.create', '.. Y YYY'],
  ['list.create',        '.. Y YYY'],
  ['curation.set',       '.. . .YY'],
  ['subtopic.manage',    '.. . .YY'],
  ['post.searchAll',     '.. . .YY'],
];

function otherCases(): Case[] {
  const out: Case[] = [];
  for (const [action, rows] of LIST) {
    covered.add(action);
    expect(rows).toHaveLength(LIST_STATES.length);
    rows.forEach((row, i) => {
      const [state, listState] = LIST_STATES[i];
      const list: ListResource = { ownerId: 'u-owner', ...listState };
      cells(row, listKinds.length).forEach((expected, k) => {
        const [who, actor] = listKinds[k];
        out.push([`${action} · ${state} · ${who}`, expected, () => can(actor, action, list)]);
      });
    });
  }
  covered.add('user.read');
  for (const [state, status, row] of USER_READ) {
    cells(row, userKinds.length).forEach((expected, k) => {
      const [who, actor] = userKinds[k];
      out.push([
        `user.read · ${state} · ${who}`,
        expected,
        () => can(actor, 'user.read', { id: 'u-target', status }),
      ]);
    });
  }
  for (const [action, row] of USER) {
    covered.add(action);
    cells(row, userKinds.length).forEach((expected, k) => {
      const [who, actor] = userKinds[k];
      out.push([`${action} · ${who}`, expected, () => can(actor, action, { id: 'u-target' })]);
    });
  }
  for (const [action, row] of SITE) {
    covered.add(action);
    cells(row, siteKinds.length).forEach((expected, k) => {
      const [who, actor] = siteKinds[k];
      // A publication role never grants a site-wide action.
      out.push([
        `${action} · ${who}`,
        expected,
        () => can(actor, action, undefined, { publicationRole: 'owner' }),
      ]);
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------

const ALL_CASES: Case[] = [
  ...storyCases('solo story', SOLO_STORY, false),
  ...storyCases('pub story', PUB_STORY, true),
  ...storyCases('banned author', BANNED_AUTHOR_STORY, true, true),
  ...publicationCases(),
  ...otherCases(),
];

describe('policy matrix', () => {
  it('covers every action', () => {
    expect([...covered].sort()).toEqual([...ACTIONS].sort());
  });

  it.each(ALL_CASES)('%s → %s', (_label, expected, run) => {
    expect(run()).toBe(expected);
  });
});

describe('ownership and state rules beyond the matrix', () => {
  const pubStory = (over: Partial<StoryResource> = {}): StoryResource => ({
    authorId: 'u-me',
    status: 'draft',
    publicationId: 'pub-1',
    authorStatus: 'active',
    hasExcerpt: true,
    ...over,
  });
  const me = user('u-me');

  // prettier-ignore
  it.each<[string, Action, StoryResource, PublicationRole | null, boolean]>([
    // A publication editor/owner publishes their own story straight into the publication, no review.
    ['editor publishes own pub story', 'story.publish', pubStory(), 'editor', true],
    ['owner schedules own pub story', 'story.schedule', pubStory(), 'owner', true],
    ['editor does not submit own story for review', 'story.submitForReview', pubStory(), 'editor', false],
    ['editor republishes own published pub story', 'story.republish', pubStory({ status: 'published' }), 'editor', true],
    // Author no longer a member of the publication the story names: neither publish nor review.
    ['ex-member cannot publish', 'story.publish', pubStory(), null, false],
    ['ex-member cannot submit for review', 'story.submitForReview', pubStory(), null, false],
    ['ex-member still updates own story', 'story.update', pubStory(), null, true],
    ['ex-member still unpublishes own story', 'story.unpublish', pubStory({ status: 'published' }), null, true],
    ['ex-member still deletes own story', 'story.delete', pubStory(), null, true],
    ['ex-member still reads own story', 'story.read', pubStory({ status: 'pending' }), null, true],
    // SPEC §5: a publication author may save a published story but not republish it.
    ['pub author updates own published story', 'story.update', pubStory({ status: 'published' }), 'author', true],
    ['pub author cannot republish', 'story.republish', pubStory({ status: 'published' }), 'author', false],
    ['pub author cannot cancel own schedule', 'story.cancelSchedule', pubStory({ status: 'scheduled' }), 'author', false],
    // A role in another publication never leaks: the caller passes the role for THIS story's publication.
    ['solo author with a pub role still publishes', 'story.publish', pubStory({ publicationId: null }), 'author', true],
    // SPEC §5 and 002: the author gives the excerpt while creating the story; once it has one, site staff.
    ['author gives a draft without excerpt its excerpt', 'story.giveExcerpt', pubStory({ hasExcerpt: false }), 'author', true],
    ['author gives a published story without excerpt one', 'story.giveExcerpt', pubStory({ status: 'published', hasExcerpt: false }), 'author', true],
    ['author cannot change an excerpt once given', 'story.giveExcerpt', pubStory(), 'author', false],
    ['author never edits the excerpt in the update dialog', 'story.editExcerpt', pubStory({ hasExcerpt: false }), 'author', false],
    ["the pub editor cannot give another writer's story an excerpt", 'story.giveExcerpt', pubStory({ authorId: 'u-other', hasExcerpt: false }), 'editor', false],
    ['an ex-member still moves their draft', 'story.move', pubStory(), null, true],
  ])('%s', (_label, action, story, role, expected) => {
    expect(can(me, action, story, { publicationRole: role })).toBe(expected);
  });

  it('site staff writing their own solo stories are plain writers', () => {
    const admin = user('u-me', ['admin']);
    expect(can(admin, 'story.publish', pubStory({ publicationId: null }))).toBe(true);
    expect(can(admin, 'story.publish', pubStory())).toBe(false); // not a member of pub-1
    expect(can(user('u-se', ['editor']), 'story.update', pubStory())).toBe(false); // excerpt only
  });

  it('refuses when the resource an action needs is missing', () => {
    expect(can(user('u-sa', ['admin']), 'story.delete')).toBe(false);
    expect(can(null, 'publication.read')).toBe(false);
  });

  it('ignores unknown site roles', () => {
    const actor = actorOf({ id: 'u-x', roles: ['superuser', 'Admin'], status: 'active' });
    expect(actor.roles).toEqual([]);
    expect(can(actor, 'curation.set')).toBe(false);
  });
});

describe('assertCan errors and why', () => {
  const solo: StoryResource = {
    authorId: 'u-me',
    status: 'published',
    publicationId: null,
    authorStatus: 'active',
    hasExcerpt: true,
  };
  const thrown = (fn: () => void): AppError => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    }
    throw new Error('expected assertCan to throw');
  };

  it('passes silently when allowed', () => {
    expect(() => assertCan(user('u-me'), 'story.unpublish', solo)).not.toThrow();
    expect(why(user('u-me'), 'story.unpublish', solo)).toBeNull();
  });

  // prettier-ignore
  it.each<[string, () => void, string, number, string]>([
    ['anonymous writes', () => assertCan(null, 'story.create'), 'unauthorized', 401, 'Please sign in first'],
    ['anonymous bans', () => assertCan(null, 'user.ban', { id: 'u-1' }), 'unauthorized', 401, 'Please sign in first'],
    ['banned writes', () => assertCan(user('u-me', [], 'banned'), 'story.create'), 'forbidden', 403, 'Your account has been banned'],
    ['writer curates', () => assertCan(user('u-me'), 'curation.set'), 'forbidden', 403, 'You are not allowed to do that'],
    ['publish a published story', () => assertCan(user('u-me'), 'story.publish', solo), 'conflict', 409, 'The story is already published'],
    ['unpublish a draft', () => assertCan(user('u-me'), 'story.unpublish', { ...solo, status: 'draft' }), 'conflict', 409, 'The story is not published'],
    ['cancel an unscheduled story', () => assertCan(user('u-me'), 'story.cancelSchedule', { ...solo, status: 'draft' }), 'conflict', 409, 'The story is not scheduled'],
    ['admin bans self', () => assertCan(user('u-sa', ['admin']), 'user.ban', { id: 'u-sa' }), 'forbidden', 403, 'You cannot ban yourself'],
    ["read another's draft", () => assertCan(user('u-x'), 'story.read', { ...solo, status: 'draft' }), 'not_found', 404, 'Story not found'],
    ['anonymous reads a draft', () => assertCan(null, 'story.read', { ...solo, status: 'draft' }), 'not_found', 404, 'Story not found'],
    ["read a banned author's story", () => assertCan(null, 'story.read', { ...solo, authorStatus: 'banned' }), 'not_found', 404, 'Story not found'],
    ['read a private list', () => assertCan(null, 'list.read', { ownerId: 'u-1', ownerStatus: 'active', privacyStatus: 'private' }), 'not_found', 404, 'List not found'],
    ["read a banned owner's list", () => assertCan(user('u-x'), 'list.read', { ownerId: 'u-1', ownerStatus: 'banned', privacyStatus: 'public' }), 'not_found', 404, 'List not found'],
    ['read a banned user', () => assertCan(user('u-x'), 'user.read', { id: 'u-1', status: 'banned' }), 'not_found', 404, 'User not found'],
    ['change a given excerpt', () => assertCan(user('u-me'), 'story.editExcerpt', solo), 'forbidden', 403, 'Only site editors and admins can change the excerpt of a story'],
    ["change another's excerpt", () => assertCan(user('u-x'), 'story.editExcerpt', solo), 'forbidden', 403, 'Only site editors and admins can change the excerpt of a story'],
    ['move a published story', () => assertCan(user('u-me'), 'story.move', solo), 'conflict', 409, 'Unpublish the story (or cancel its schedule) before moving it to another publication'],
    ["open another's studio", () => assertCan(user('u-x'), 'user.openStudio', { id: 'u-1' }), 'forbidden', 403, "Only the writer can see their studio's stories"],
    ['a banned user starts a session', () => assertCan(user('u-me', [], 'banned'), 'session.start'), 'forbidden', 403, 'Your account has been banned'],
    ["editor acts on a banned author's story", () => assertCan(user('u-pe'), 'story.unpublish', { ...solo, publicationId: 'p', authorStatus: 'banned' }, { publicationRole: 'editor' }), 'forbidden', 403, "This story's author is banned"],
    ['newsletter scheduled twice', () => assertCan(user('u-pe'), 'newsletter.schedule', { publicationId: 'p', status: 'scheduled', scheduledTime: 1 }, { publicationRole: 'editor' }), 'conflict', 409, 'The newsletter is already scheduled or sent'],
  ])('%s', (_label, fn, code, status, message) => {
    const error = thrown(fn);
    expect(error.code).toBe(code);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('why gives the reason in words', () => {
    expect(
      why(
        user('u-pa'),
        'story.approve',
        { ...solo, publicationId: 'p', status: 'draft' },
        { publicationRole: 'owner' },
      ),
    ).toBe('The story is not under review');
  });
});

describe('the role vocabulary (roles.ts)', () => {
  it('keeps only the stored site roles', () => {
    expect(storedSiteRoles(['editor', 'user', 'admin', 'Admin'])).toEqual(['admin', 'editor']);
    expect(storedSiteRoles(null)).toEqual([]);
  });

  it.each([
    ['publication_owner', 'owner', 'admin'],
    ['publication_editor', 'editor', 'editor'],
    ['publication_author', 'author', 'author'],
  ] as const)('%s → %s → userRelation %s', (stored, role, word) => {
    expect(publicationRoleOfStored(stored)).toBe(role);
    expect(relationWordOf(role)).toBe(word);
  });
});

describe('capabilities sent to the UI', () => {
  const story = (over: Partial<StoryResource> = {}): StoryResource => ({
    authorId: 'u-own',
    status: 'draft',
    publicationId: 'pub-1',
    authorStatus: 'active',
    hasExcerpt: true,
    ...over,
  });
  const granted = (flags: ReturnType<typeof storyCapabilities>) =>
    Object.entries(flags)
      .filter(([, value]) => value === true)
      .map(([name]) => name)
      .sort();

  // Each flag is the matrix's answer: a few whole rows, read as the UI reads them.
  it.each<[string, Actor, StoryResource, PublicationRole | null, string[], string[]]>([
    [
      "a writer's solo draft",
      user('u-own'),
      story({ publicationId: null, hasExcerpt: false }),
      null,
      ['canAutosave', 'canDelete', 'canEdit', 'canGiveExcerpt', 'canMove', 'canPublish', 'canSchedule'],
      [],
    ],
    [
      "a pub author's draft",
      user('u-own'),
      story(),
      'author',
      ['canAutosave', 'canDelete', 'canEdit', 'canMove', 'canSubmitForReview'],
      ['publish', 'schedule'],
    ],
    [
      "a pub author's scheduled story",
      user('u-own'),
      story({ status: 'scheduled' }),
      'author',
      ['canDelete', 'canEdit'],
      ['publish', 'reschedule', 'cancelSchedule'],
    ],
    [
      "a pub author's published story",
      user('u-own'),
      story({ status: 'published' }),
      'author',
      ['canDelete', 'canEdit', 'canUnpublish'],
      ['republish'],
    ],
    [
      'the pub editor on a pending story',
      user('u-pe'),
      story({ status: 'pending' }),
      'editor',
      ['canApprove', 'canPublish', 'canReject', 'canSchedule'],
      [],
    ],
    [
      'a site editor on a published story',
      user('u-se', ['editor']),
      story({ status: 'published' }),
      null,
      ['canEditExcerpt'],
      [],
    ],
    [
      'a site admin on a published story',
      user('u-sa', ['admin']),
      story({ status: 'published' }),
      null,
      ['canDelete', 'canEditExcerpt', 'canUnpublish'],
      [],
    ],
    ['a stranger on a published story', user('u-x'), story({ status: 'published' }), null, [], []],
    ['anonymous on a published story', null, story({ status: 'published' }), null, [], []],
  ])('%s', (_label, actor, resource, role, flags, locked) => {
    const capabilities = storyCapabilities(actor, resource, { publicationRole: role });
    expect(granted(capabilities)).toEqual(flags);
    expect([...capabilities.locked].sort()).toEqual([...locked].sort());
  });

  it.each<[string, PublicationRole | null, [boolean, boolean, boolean]]>([
    ['owner', 'owner', [true, true, false]],
    ['editor', 'editor', [true, true, false]],
    ['author', 'author', [false, false, true]],
    ['no member', null, [false, false, false]],
  ])('placing a story in a publication as %s', (_label, role, [publish, schedule, review]) => {
    expect(placementCapabilities(user('u-me'), 'pub-1', { publicationRole: role })).toEqual({
      canPublishStories: publish,
      canScheduleStories: schedule,
      submitsStoriesForReview: review,
    });
  });

  it('the read scope of list queries: site admins see banned writers, nobody else does', () => {
    expect(readScopeOf(null)).toBeNull();
    expect(readScopeOf(user('u-x', [], 'banned'))).toBeNull();
    expect(readScopeOf(user('u-x'))).toEqual({ viewerId: 'u-x', seesBannedWriters: false });
    expect(readScopeOf(user('u-se', ['editor']))).toEqual({ viewerId: 'u-se', seesBannedWriters: false });
    expect(readScopeOf(user('u-sa', ['admin']))).toEqual({ viewerId: 'u-sa', seesBannedWriters: true });
  });
});
