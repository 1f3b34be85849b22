import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { detectExportSource } from './index';
import { fixture } from './test-helpers';

describe('detectExportSource', () => {
  it.each([
    ['wxr-basic.xml', 'wordpress'],
    ['ghost-5-export.json', 'ghost'],
    ['medium-export.zip', 'medium'],
    ['substack-export.zip', 'substack'],
  ])('knows %s by its content', async (name, source) => {
    expect(await detectExportSource(fixture(name))).toBe(source);
  });

  it.each([
    ['wxr-billion-laughs.xml', /DOCTYPE/],
    ['wxr-external-entity.xml', /DOCTYPE/],
    ['truncated.zip', /incomplete or damaged/],
    ['ghost-members.csv', /not an export Lamplight can read/],
  ])('refuses %s', async (name, message) => {
    const error = await detectExportSource(fixture(name)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_failed');
    expect((error as AppError).message).toMatch(message);
  });

  it('refuses other XML, other JSON, other zips and empty files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'detect-'));
    try {
      const cases: [string, string | Buffer, RegExp][] = [
        [
          'feed.xml',
          '<?xml version="1.0"?><rss version="2.0"><channel></channel></rss>',
          /not WordPress eXtended RSS/,
        ],
        ['data.json', '{"data": {"users": []}}', /no Ghost posts table/],
        ['empty.txt', '', /empty/],
        // An empty zip: just the end-of-central-directory record.
        [
          'empty.zip',
          Buffer.from('504b0506000000000000000000000000000000000000', 'hex'),
          /neither Substack’s posts.csv nor Medium’s/,
        ],
      ];
      for (const [name, content, message] of cases) {
        const path = join(dir, name);
        await writeFile(path, content);
        const error = await detectExportSource(path).catch((e: unknown) => e);
        expect((error as AppError).code, name).toBe('validation_failed');
        expect((error as AppError).message, name).toMatch(message);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
