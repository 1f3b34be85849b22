// The policy matrix, stories: one test per cell of the tables in story-matrix.cells.ts.
import { describe, expect, it } from 'vitest';
import { BANNED_AUTHOR_STORY, PUB_STORY, SOLO_STORY, storyCases } from './story-matrix.cells';
import type { Case } from './test-support';

const CASES: Case[] = [
  ...storyCases('solo story', SOLO_STORY, false),
  ...storyCases('pub story', PUB_STORY, true),
  ...storyCases('banned author', BANNED_AUTHOR_STORY, true, true),
];

describe('policy matrix', () => {
  it.each(CASES)('%s → %s', (_label, expected, run) => {
    expect(run()).toBe(expected);
  });
});
