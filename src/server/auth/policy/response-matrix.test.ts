// The policy matrix, responses: one test per cell of the tables in response-matrix.cells.ts.
import { describe, expect, it } from 'vitest';
import { responseCases } from './response-matrix.cells';
import type { Case } from './test-support';

const CASES: Case[] = [...responseCases()];

describe('policy matrix: responses', () => {
  it.each(CASES)('%s → %s', (_label, expected, run) => {
    expect(run()).toBe(expected);
  });
});
