// Refusals: the error assertCan throws (code, HTTP status, message) and the reason why gives.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { assertCan, why, type StoryResource } from './index';
import { user } from './test-support';

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
