import { describe, expect, it } from 'vitest';
import { acceptedUserId } from './contributor-id';
import { toRoleChoice, toWireRole } from './roles';

const ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';

describe('the add-author / add-editor user id (SPEC §5)', () => {
  it('is taken once it is 36 characters after trimming', () => {
    expect(acceptedUserId(ID)).toBe(ID);
    expect(acceptedUserId(`  ${ID}\n`)).toBe(ID);
  });

  it('is not taken while shorter or longer', () => {
    expect(acceptedUserId('')).toBeNull();
    expect(acceptedUserId(ID.slice(0, 35))).toBeNull();
    expect(acceptedUserId(`${ID}0`)).toBeNull();
  });
});

describe('the change-role radio choices (SPEC §2, §7)', () => {
  it('are sent with the hyphen replaced by an underscore', () => {
    expect(toWireRole('publication-author')).toBe('publication_author');
    expect(toWireRole('publication-editor')).toBe('publication_editor');
  });

  it('start on the member’s current role; the owner’s is not among them', () => {
    expect(toRoleChoice('publication_author')).toBe('publication-author');
    expect(toRoleChoice('publication_editor')).toBe('publication-editor');
    expect(toRoleChoice('publication_owner')).toBeNull();
  });
});
