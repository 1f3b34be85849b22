// Shared by the policy's tests; not a test file itself (vitest runs *.test.ts only). The actor builder, the
// cell-string parser of the table-driven matrix (the *-matrix.cells.ts tables) and the set of actions
// those tables cover, which matrix-coverage.test.ts compares with ACTIONS.
import type { StoredSiteRole } from '../roles';
import type { Action, Actor, PublicationRole } from './index';

export const covered = new Set<Action>();
export type Kind = { actor: Actor; role: PublicationRole | null };
export type Case = [label: string, expected: boolean, run: () => boolean];

/** '.. Y. ... .Y' → one boolean per column (spaces only group columns for the eye). */
export function cells(row: string, width: number): boolean[] {
  const flat = row.replace(/\s/g, '');
  if (flat.length !== width || /[^Y.]/.test(flat)) throw new Error(`bad row "${row}" (want ${width} of Y/.)`);
  return [...flat].map((c) => c === 'Y');
}

export const user = (
  id: string,
  roles: StoredSiteRole[] = [],
  status: 'active' | 'banned' = 'active',
): Actor => ({
  id,
  roles,
  status,
});
