// The policy matrix, responses (issue 25; docs/decisions/053-responses.md): every action × every kind
// of actor × the states that matter, each cell written out below ('Y' allowed, '.' refused).
// response-matrix.test.ts tests each cell; matrix-coverage.test.ts checks every action has a row.
// Not a test file itself: both of those build their cases here.
import {
  can,
  type Action,
  type ResponseResource,
  type ResponseTargetResource,
  type StoryResource,
} from './index';
import { RESPONSE_EDIT_WINDOW_MS } from './rules';
import { cells, covered, user, type Case, type Kind } from './test-support';

// The story is 'u-own''s, in publication 'pub-1' (a solo story where said); the response is 'u-resp''s.
const kinds: [string, Kind][] = [
  ['anonymous', { actor: null, role: null }],
  ['banned pub owner', { actor: user('u-banned', [], 'banned'), role: 'owner' }],
  ['responder', { actor: user('u-resp'), role: null }],
  ['other reader', { actor: user('u-other'), role: null }],
  ["story's writer", { actor: user('u-own'), role: 'author' }],
  ['pub author', { actor: user('u-pa'), role: 'author' }],
  ['pub editor', { actor: user('u-pe'), role: 'editor' }],
  ['pub owner', { actor: user('u-po'), role: 'owner' }],
  ['site editor', { actor: user('u-se', ['editor']), role: null }],
  ['site admin', { actor: user('u-sa', ['admin']), role: null }],
];

const story = (over: Partial<StoryResource> = {}): StoryResource => ({
  authorId: 'u-own',
  status: 'published',
  publicationId: 'pub-1',
  authorStatus: 'active',
  hasExcerpt: true,
  ...over,
});
const response = (over: Partial<ResponseResource> = {}): ResponseResource => ({
  story: story(),
  authorId: 'u-resp',
  ageMs: 60_000,
  hidden: false,
  removed: false,
  ...over,
});
const target = (over: Partial<ResponseTargetResource> = {}): ResponseTargetResource => ({
  story: story(),
  open: true,
  parent: null,
  ...over,
});

// Columns:  anon banned · responder other · writer pubAuthor pubEditor pubOwner · siteEditor siteAdmin
// prettier-ignore
const CREATE: [string, ResponseTargetResource, string][] = [
  ['open, top level',         target(),                                                  '.. YY YYYY YY'],
  ['closed',                  target({ open: false }),                                   '.. .. .... ..'],
  ['story not published',     target({ story: story({ status: 'draft' }) }),             '.. .. .... ..'],
  ['reply to a response',     target({ parent: { topLevel: true, shown: true } }),       '.. YY YYYY YY'],
  ['reply to a reply',        target({ parent: { topLevel: false, shown: true } }),      '.. .. .... ..'],
  ['reply to a hidden one',   target({ parent: { topLevel: true, shown: false } }),      '.. .. .... ..'],
  ["banned writer's story",   target({ story: story({ authorStatus: 'banned' }) }),      '.. .. .... .Y'],
];

// prettier-ignore
const ON_RESPONSE: [Action, string, ResponseResource, string][] = [
  ['response.update', 'fresh',               response(),                                         '.. Y. .... ..'],
  ['response.update', '16 minutes old',      response({ ageMs: RESPONSE_EDIT_WINDOW_MS + 60_000 }), '.. .. .... ..'],
  ['response.update', 'hidden',              response({ hidden: true }),                         '.. .. .... ..'],
  ['response.update', 'removed',             response({ removed: true }),                        '.. .. .... ..'],
  ['response.delete', 'fresh',               response(),                                         '.. Y. .... ..'],
  ['response.delete', 'old, hidden',         response({ ageMs: 1e9, hidden: true }),             '.. Y. .... ..'],
  ['response.hide',   'in a publication',    response(),                                         '.. .. Y.YY ..'],
  ['response.hide',   'solo story',          response({ story: story({ publicationId: null }) }), '.. .. Y... ..'],
  ['response.remove', 'in a publication',    response(),                                         '.. .. .... YY'],
];

// prettier-ignore
const CLOSE_STORY: [string, StoryResource, string][] = [
  ['in a publication',   story(),                         '.. .. Y.YY ..'],
  ['solo story',         story({ publicationId: null }),  '.. .. Y... ..'],
  ['a draft',            story({ status: 'draft' }),      '.. .. Y.YY ..'],
];
// prettier-ignore
const CLOSE_PUBLICATION = '.. .. ..YY ..';

export function responseCases(): Case[] {
  const out: Case[] = [];
  const each = (row: string, label: string, check: (kind: Kind) => boolean) =>
    cells(row, kinds.length).forEach((expected, k) => {
      const [who, kind] = kinds[k];
      out.push([`${label} · ${who}`, expected, () => check(kind)]);
    });
  covered.add('response.create');
  for (const [state, resource, row] of CREATE) {
    each(row, `response.create · ${state}`, ({ actor, role }) =>
      can(actor, 'response.create', resource, { publicationRole: role }),
    );
  }
  for (const [action, state, resource, row] of ON_RESPONSE) {
    covered.add(action);
    each(row, `${action} · ${state}`, ({ actor, role }) =>
      can(actor, action, resource as never, { publicationRole: role }),
    );
  }
  covered.add('response.closeForStory');
  for (const [state, resource, row] of CLOSE_STORY) {
    each(row, `response.closeForStory · ${state}`, ({ actor, role }) =>
      can(actor, 'response.closeForStory', resource, { publicationRole: role }),
    );
  }
  covered.add('response.closeForPublication');
  each(CLOSE_PUBLICATION, 'response.closeForPublication', ({ actor, role }) =>
    can(actor, 'response.closeForPublication', { id: 'pub-1' }, { publicationRole: role }),
  );
  return out;
}
