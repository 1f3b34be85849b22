import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors';
import { openExport } from './index';
import { collect, fixture, skips, storyById, stories } from './test-helpers';

describe('Medium export reader', () => {
  it('reads stories and drafts, and skips responses', async () => {
    const opened = await openExport(fixture('medium-export.zip'));
    try {
      expect(opened.source).toBe('medium');
      const entries = await collect(opened.entries());
      expect(entries).toHaveLength(4);
      expect(skips(entries)).toEqual([
        expect.objectContaining({ externalId: '2023-06-02_---7a8b9c0d1e2f', what: 'response' }),
      ]);

      const post = storyById(entries, '2023-05-01_Walking-at-Dusk-5e3a1b2c4d6f');
      expect(post.title).toBe('Walking at Dusk');
      expect(post.excerpt).toBe('What the evening teaches');
      // Medium repeats the title and subtitle at the top of the body, after a divider.
      expect(post.html).not.toContain('graf--title');
      expect(post.html).not.toContain('graf--subtitle');
      expect(post.html).not.toContain('section-divider');
      expect(post.html).toContain('The streetlamps come on one by one.');
      expect(post.html).toContain('<figcaption class="imageCaption">Dusk on Main Street</figcaption>');
      expect(post.status).toBe('published');
      expect(post.publishedAt?.toISOString()).toBe('2023-05-01T19:45:12.345Z');
      expect(post.slug).toBe('walking-at-dusk');
      expect(post.originalUrl).toBe('https://medium.com/@annawrites/walking-at-dusk-5e3a1b2c4d6f');
      expect(post.tags).toEqual(['Walking', 'Evening']);
      expect(post.author).toEqual({ key: 'annawrites', email: 'anna@example.com', name: 'Anna Lee' });

      const draft = storyById(entries, 'draft_An-Unfinished-Letter-0f1e2d3c4b5a');
      expect(draft.status).toBe('draft');
      expect(draft.publishedAt).toBeNull();
      expect(draft.originalUrl).toBeNull();
      expect(draft.slug).toBe('an-unfinished-letter');
      expect(draft.html).toContain('Dear friend,');
      // Drafts carry no author link; the profile says who wrote them.
      expect(draft.author).toEqual({ key: 'annawrites', email: 'anna@example.com', name: 'Anna Lee' });

      const chinese = storyById(entries, '2024-01-10_灯下-9a8b7c6d5e4f');
      expect(chinese.title).toBe('灯下');
      expect(chinese.slug).toBe('灯下');
      expect(chinese.html).toContain('夜里读书。');
    } finally {
      await opened.close();
    }
  });
});

describe('Substack export reader', () => {
  it('reads posts.csv with each post’s HTML; paid-only posts become drafts; podcasts and threads are skipped', async () => {
    const opened = await openExport(fixture('substack-export.zip'), 'substack', {
      siteUrl: 'https://lamplight.substack.com',
    });
    try {
      const entries = await collect(opened.entries());
      expect(entries.map((e) => `${e.kind}:${e.externalId}`)).toEqual([
        'story:140001',
        'story:140002',
        'skip:140003',
        'skip:140004',
        'story:140005',
        'skip:140006',
        'story:140007',
      ]);
      expect(skips(entries).map((s) => s.what)).toEqual(['podcast', 'thread', 'missing-html']);

      const welcome = storyById(entries, '140001');
      expect(welcome.title).toBe('Welcome to Lamplight');
      expect(welcome.excerpt).toBe('A first letter, with a comma');
      expect(welcome.slug).toBe('welcome-to-lamplight');
      expect(welcome.status).toBe('published');
      expect(welcome.publishedAt?.toISOString()).toBe('2023-09-01T14:00:00.000Z');
      expect(welcome.originalUrl).toBe('https://lamplight.substack.com/p/welcome-to-lamplight');
      expect(welcome.html).not.toContain('subscribe');
      expect(welcome.html).toContain('<img src="images/lamp.png"');

      const paid = storyById(entries, '140002');
      expect(paid.status).toBe('draft');
      expect(paid.originalUrl).toBeNull();
      expect(paid.html).not.toContain('paywall');
      expect(paid.notes).toContain(
        'For paid subscribers only on Substack: imported as a draft so it is not made public.',
      );

      expect(storyById(entries, '140005')).toMatchObject({ status: 'draft', publishedAt: null });
      expect(storyById(entries, '140007')).toMatchObject({
        title: '一封中文信',
        slug: '中文信',
        excerpt: '副标题',
      });

      // The image the post names by a relative path comes out of the zip.
      const asset = await opened.openAsset('images/lamp.png');
      expect(asset).not.toBeNull();
      const chunks: Buffer[] = [];
      for await (const chunk of asset!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(await opened.openAsset('../../etc/passwd')).toBeNull();
      expect(await opened.openAsset('https://example.com/a.png')).toBeNull();
    } finally {
      await opened.close();
    }
  });

  it('skips paid-only posts with a reason when asked to', async () => {
    const opened = await openExport(fixture('substack-export.zip'), 'substack', { paidPosts: 'skip' });
    try {
      const entries = await collect(opened.entries());
      expect(skips(entries).find((s) => s.externalId === '140002')).toMatchObject({
        what: 'paid-only',
        reason: 'For paid subscribers only on Substack.',
      });
      expect(stories(entries).every((s) => s.originalUrl === null)).toBe(true);
    } finally {
      await opened.close();
    }
  });
});

describe('damaged and mismatched zips', () => {
  it('refuses a truncated zip with a clear error', async () => {
    const error = await openExport(fixture('truncated.zip'), 'medium').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_failed');
    expect((error as AppError).message).toMatch(/incomplete or damaged/);
  });

  it('refuses a zip opened as the wrong source', async () => {
    const error = await openExport(fixture('medium-export.zip'), 'substack').catch((e: unknown) => e);
    expect((error as AppError).message).toMatch(/not a Substack export/);
  });
});
