// Ownership and state rules beyond the matrix (relations.ts, rules.ts, decide.ts): cases the tables
// of the *-matrix.cells.ts modules do not spell out.
import { describe, expect, it } from 'vitest';
import { actorOf } from '../actor';
import {
  can,
  isAccountBanned,
  isAccountShown,
  type Action,
  type PublicationRole,
  type StoryResource,
} from './index';
import { user } from './test-support';

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

describe('whose acts are shown to others (a notification names its actors)', () => {
  it('an active account is named; a banned or deleted one is not', () => {
    expect(isAccountShown('active')).toBe(true);
    expect(isAccountShown('banned')).toBe(false);
    expect(isAccountShown(null)).toBe(false);
  });
  it('only a banned account counts as banned (a deleted one is still counted as "Someone")', () => {
    expect(isAccountBanned('banned')).toBe(true);
    expect(isAccountBanned('active')).toBe(false);
    expect(isAccountBanned(null)).toBe(false);
  });
});
