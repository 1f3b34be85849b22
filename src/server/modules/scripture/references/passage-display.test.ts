import { describe, expect, it } from 'vitest';
import { displayPassage } from './passage-display';

describe('displayPassage', () => {
  it.each([
    ['John.3.16', 'John 3:16', '约翰福音 3:16'],
    ['John.3.16-John.3.18', 'John 3:16–18', '约翰福音 3:16–18'],
    ['John.3.16-John.4.2', 'John 3:16–4:2', '约翰福音 3:16–4:2'],
    ['Ps.23', 'Psalm 23', '诗篇 23'],
    ['Ps.23-Ps.24', 'Psalms 23–24', '诗篇 23–24'],
    ['1Cor.13', '1 Corinthians 13', '哥林多前书 13'],
    ['Gen', 'Genesis', '创世记'],
    ['Matt.28-Mark.1', 'Matthew 28 – Mark 1', '马太福音 28 – 马可福音 1'],
    ['Rom.8.28,Rom.8.31', 'Romans 8:28; Romans 8:31', '罗马书 8:28; 罗马书 8:31'],
    ['Rev.22.21', 'Revelation 22:21', '启示录 22:21'],
  ])('writes %s for a reader', (osis, english, chinese) => {
    expect(displayPassage(osis, 'en')).toBe(english);
    expect(displayPassage(osis, 'zh')).toBe(chinese);
  });

  it.each(['Nope.1', 'John.99', 'Gen.1.99', '', 'John.3.16-John.3.1'])('refuses %j', (osis) => {
    expect(displayPassage(osis, 'en')).toBeNull();
  });
});
