import { describe, expect, it } from 'vitest';
import { publicationRoleOfStored, relationWordOf, storedSiteRoles } from './roles';

describe('the role vocabulary (roles.ts)', () => {
  it('keeps only the stored site roles', () => {
    expect(storedSiteRoles(['editor', 'user', 'admin', 'Admin'])).toEqual(['admin', 'editor']);
    expect(storedSiteRoles(null)).toEqual([]);
  });

  it.each([
    ['publication_owner', 'owner', 'admin'],
    ['publication_editor', 'editor', 'editor'],
    ['publication_author', 'author', 'author'],
  ] as const)('%s → %s → userRelation %s', (stored, role, word) => {
    expect(publicationRoleOfStored(stored)).toBe(role);
    expect(relationWordOf(role)).toBe(word);
  });
});
