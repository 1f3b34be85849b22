// The policy matrix, reports: one test per cell of the tables in report-matrix.cells.ts.
import { describe, expect, it } from 'vitest';
import { reportCases } from './report-matrix.cells';
import type { Case } from './test-support';

const CASES: Case[] = [...reportCases()];

describe('policy matrix, reports', () => {
  it.each(CASES)('%s → %s', (_label, expected, run) => {
    expect(run()).toBe(expected);
  });
});
