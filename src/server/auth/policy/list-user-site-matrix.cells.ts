// The policy matrix, lists, users and site-wide actions: every action × every kind of actor × the states that
// matter, each cell written out below ('Y' allowed, '.' refused). Reading a row should be enough to know
// who may do what. list-user-site-matrix.test.ts tests each cell; matrix-coverage.test.ts checks that
// every action has a row in some table. Not a test file itself: both of those build their cases here.
import { expect } from 'vitest';
import {
  can,
  type Action,
  type Actor,
  type FollowResource,
  type ListResource,
  type SiteRoleChangeResource,
} from './index';
import { cells, covered, user, type Case } from './test-support';

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
  ['import.intoAccount', '.. Y. .YY'],
  ['export.account',     '.. Y. .YY'],
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
  ['staff.openArea',     '.. . YYY'],
  ['webhook.manageSite', '.. . .YY'],
  ['scripture.manageDailyVerses', '.. . YYY'],
  ['plan.start',         'Y. Y YYY'],
  ['plan.follow',        '.. Y YYY'],
  ['notification.read',  '.. Y YYY'],
  ['notification.markRead', '.. Y YYY'],
  ['follow.delete',      '.. Y YYY'],
  ['follow.list',        '.. Y YYY'],
  ['follow.readFeed',    '.. Y YYY'],
];

// follow.create: following the writer 'u-target' (never oneself), a publication or a tag.
// Columns:  anon banned-self · self other · siteEditor siteAdmin siteAdmin-self
// prettier-ignore
const FOLLOWS: [string, FollowResource, string][] = [
  ['the writer u-target', { kind: 'user', id: 'u-target' },       '.. .Y YY.'],
  ['a publication',       { kind: 'publication', id: 'pub-1' },  '.. YY YYY'],
  ['a tag',               { kind: 'tag', id: 'u-target' },        '.. YY YYY'],
];

// user.changeSiteRole on 'u-target': the role, granted or revoked, and the active admins left after it.
// prettier-ignore
const SITE_ROLE_CHANGES: [string, Omit<SiteRoleChangeResource, 'id'>, string][] = [
  //                                                                                      anon banned-self self other siteEditor siteAdmin siteAdmin-self
  ['grant editor',                { role: 'editor', grant: true, adminsAfter: 1 },   '.. .. .YY'],
  ['grant admin',                 { role: 'admin', grant: true, adminsAfter: 2 },    '.. .. .YY'],
  ['revoke editor',               { role: 'editor', grant: false, adminsAfter: 1 },  '.. .. .YY'],
  ['revoke admin, one left',      { role: 'admin', grant: false, adminsAfter: 1 },   '.. .. .YY'],
  ['revoke admin, none left',     { role: 'admin', grant: false, adminsAfter: 0 },   '.. .. ...'],
];

export function listUserSiteCases(): Case[] {
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
  covered.add('follow.create');
  for (const [state, target, row] of FOLLOWS) {
    cells(row, userKinds.length).forEach((expected, k) => {
      const [who, actor] = userKinds[k];
      out.push([`follow.create · ${state} · ${who}`, expected, () => can(actor, 'follow.create', target)]);
    });
  }
  covered.add('user.changeSiteRole');
  for (const [state, change, row] of SITE_ROLE_CHANGES) {
    cells(row, userKinds.length).forEach((expected, k) => {
      const [who, actor] = userKinds[k];
      out.push([
        `user.changeSiteRole · ${state} · ${who}`,
        expected,
        () => can(actor, 'user.changeSiteRole', { id: 'u-target', ...change }),
      ]);
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
