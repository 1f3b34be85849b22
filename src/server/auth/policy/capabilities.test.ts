// Capabilities sent to the UI (capabilities.ts): story flags, placement flags, and the read scope
// of list queries.
import { describe, expect, it } from 'vitest';
import {
  placementCapabilities,
  readScopeOf,
  storyCapabilities,
  type Actor,
  type PublicationRole,
  type StoryResource,
} from './index';
import { user } from './test-support';

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
      ['canBanAuthor', 'canDelete', 'canEditExcerpt', 'canUnpublish'],
      [],
    ],
    [
      'a site admin on their own published story (no ban of oneself)',
      user('u-own', ['admin']),
      story({ status: 'published', publicationId: null }),
      null,
      ['canDelete', 'canEdit', 'canEditExcerpt', 'canRepublish', 'canUnpublish'],
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
