// The policy matrix, lists, users and site-wide actions: one test per cell of the tables in
// list-user-site-matrix.cells.ts.
import { describe, expect, it } from 'vitest';
import { listUserSiteCases } from './list-user-site-matrix.cells';
import type { Case } from './test-support';

const CASES: Case[] = [...listUserSiteCases()];

describe('policy matrix', () => {
  it.each(CASES)('%s → %s', (_label, expected, run) => {
    expect(run()).toBe(expected);
  });
});
