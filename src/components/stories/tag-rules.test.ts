import { describe, expect, it } from 'vitest';
import { addTag, topicsLimitLabel } from './tag-rules';

// SPEC §5: a tag is added only if non-blank, not a duplicate (case-insensitive) and fewer than 5 exist.
describe('addTag', () => {
  it('adds a trimmed tag, collapsing inner spaces', () => {
    expect(addTag(['Hope'], '  Daily   bread ')).toEqual({ tags: ['Hope', 'Daily bread'] });
  });

  it('refuses blanks, case-insensitive duplicates and a sixth tag', () => {
    expect(addTag([], '   ')).toEqual({ refused: 'blank' });
    expect(addTag(['Hope'], 'HOPE')).toEqual({ refused: 'duplicate' });
    expect(addTag(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual({ refused: 'full' });
  });
});

describe('topicsLimitLabel', () => {
  it('invites at first, then counts', () => {
    expect(topicsLimitLabel(0)).toBe('Add up to 5 topics');
    expect(topicsLimitLabel(2)).toBe('2 of 5 topics');
    expect(topicsLimitLabel(5)).toBe('5 of 5 topics');
  });
});
