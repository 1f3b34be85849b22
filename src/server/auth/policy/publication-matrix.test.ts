// The policy matrix, publications and newsletters: one test per cell of the tables in
// publication-matrix.cells.ts.
import { describe, expect, it } from 'vitest';
import { publicationCases } from './publication-matrix.cells';
import type { Case } from './test-support';

const CASES: Case[] = [...publicationCases()];

describe('policy matrix', () => {
  it.each(CASES)('%s → %s', (_label, expected, run) => {
    expect(run()).toBe(expected);
  });
});
