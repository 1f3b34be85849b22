import { describe, expect, it } from 'vitest';
import { diffText, docText, hasChanges } from './text-diff';

const doc = (...blocks: unknown[]) => ({ type: 'doc', content: blocks });
const p = (...texts: string[]) => ({
  type: 'paragraph',
  content: texts.map((text) => ({ type: 'text', text })),
});

describe('docText', () => {
  it('puts each block on a line, keeps marked text whole, names images by their alt', () => {
    const text = docText(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Grace' }] },
        p('Morning ', 'light'),
        { type: 'image', attrs: { src: '/uploads/a.png', alt: 'A field' } },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [p('One')] },
            { type: 'listItem', content: [p('Two')] },
          ],
        },
        p(),
      ),
    );
    expect(text).toBe('Grace\nMorning light\n[image: A field]\nOne\nTwo');
  });

  it('reads nothing from what is not a document', () => {
    expect(docText(null)).toBe('');
    expect(docText({ type: 'doc' })).toBe('');
  });
});

describe('diffText', () => {
  it('marks the words added and removed, the rest unchanged', () => {
    const parts = diffText('The quiet morning light', 'The bright morning light');
    expect(parts).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'quiet' },
      { kind: 'added', text: 'bright' },
      { kind: 'same', text: ' morning light' },
    ]);
    expect(hasChanges(parts)).toBe(true);
    expect(hasChanges(diffText('Same words', 'Same words'))).toBe(false);
  });

  it('finds the changed word inside Chinese text, which has no spaces', () => {
    const parts = diffText('我们在早晨祷告', '我们在晚上祷告');
    const changed = parts.filter((part) => part.kind !== 'same').map((part) => part.text);
    // Not the whole sentence: only the words that differ.
    expect(changed.join('')).not.toContain('我们');
    expect(changed.join('')).not.toContain('祷告');
    expect(
      parts
        .filter((part) => part.kind === 'removed')
        .map((part) => part.text)
        .join(''),
    ).toContain('早');
    expect(
      parts
        .filter((part) => part.kind === 'added')
        .map((part) => part.text)
        .join(''),
    ).toContain('晚');
  });
});
