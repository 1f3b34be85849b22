// The policy matrix has a row for every action: building every table's cases (the *-matrix.cells.ts
// modules) records the actions they cover; each cell itself is tested by its *-matrix.test.ts.
import { describe, expect, it } from 'vitest';
import { listUserSiteCases } from './list-user-site-matrix.cells';
import { publicationCases } from './publication-matrix.cells';
import { reportCases } from './report-matrix.cells';
import { responseCases } from './response-matrix.cells';
import { BANNED_AUTHOR_STORY, PUB_STORY, SOLO_STORY, storyCases } from './story-matrix.cells';
import { ACTIONS } from './index';
import { covered } from './test-support';

// Building every table's cases records the actions it covers.
storyCases('solo story', SOLO_STORY, false);
storyCases('pub story', PUB_STORY, true);
storyCases('banned author', BANNED_AUTHOR_STORY, true, true);
publicationCases();
listUserSiteCases();
reportCases();
responseCases();

describe('policy matrix', () => {
  it('covers every action', () => {
    expect([...covered].sort()).toEqual([...ACTIONS].sort());
  });
});
