// The policy matrix, stories: every action × every kind of actor × the states that
// matter, each cell written out below ('Y' allowed, '.' refused). Reading a row should be enough to know
// who may do what. story-matrix.test.ts tests each cell; matrix-coverage.test.ts checks that
// every action has a row in some table. Not a test file itself: both of those build their cases here.
import { expect } from 'vitest';
import { can, type Action, type StoryResource, type StoryStatus } from './index';
import { cells, covered, user, type Case, type Kind } from './test-support';

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
export const SOLO_STORY: Record<StoryAction, string[]> = {
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
  'story.viewRevisions':   ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..'],
  'story.restoreRevision': ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..'],
  'story.create':          [], // takes no story: see the site-wide table
};

// prettier-ignore
export const PUB_STORY: Record<StoryAction, string[]> = {
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
  'story.viewRevisions':   ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..'],
  'story.restoreRevision': ['.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..', '.. Y. ... ..'],
  'story.create':          [],
};

// A banned author's story (in a publication): gone for everyone but site admins (DESIGN §5).
// prettier-ignore
export const BANNED_AUTHOR_STORY: Record<StoryAction, string[]> = {
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
  'story.viewRevisions':   ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.restoreRevision': ['.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..', '.. .. ... ..'],
  'story.create':          [],
};

export function storyCases(
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
