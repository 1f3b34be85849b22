import { rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeWxr } from '../../../../../tests/fixtures/imports/make-wxr';
import { AppError } from '../../../lib/errors';
import { openExport } from './index';
import { collect, fixture, skips, storyById } from './test-helpers';
import { readWxrEntries } from './wxr-reader';

describe('WordPress WXR reader', () => {
  it('reads posts in file order and reports pages, attachments and menu items as skipped', async () => {
    const entries = await collect(readWxrEntries(fixture('wxr-basic.xml')));
    expect(entries.map((e) => `${e.kind}:${e.externalId}`)).toEqual([
      'story:10',
      'story:11',
      'story:12',
      'story:13',
      'story:14',
      'skip:2',
      'skip:20',
      'skip:21',
      'skip:30',
    ]);
    expect(skips(entries).map((s) => s.what)).toEqual(['page', 'attachment', 'attachment', 'nav_menu_item']);
    expect(skips(entries)[0]!.reason).toMatch(/pages/i);
  });

  it('turns a classic-editor post with CDATA and shortcodes into paragraphs and figures', async () => {
    const post = storyById(await collect(readWxrEntries(fixture('wxr-basic.xml'))), '10');
    expect(post.title).toBe('Evening Light & Morning Prayer');
    expect(post.html).toContain('<p>The lamps are lit before the bells.<br />\nNobody hurries.</p>');
    expect(post.html).toContain(
      '<figure><img class="size-large wp-image-20" src="https://oldblog.example.com/wp-content/uploads/2023/11/lamp.jpg" alt="A lamp" width="640" height="427" /><figcaption>The lamp by the door</figcaption></figure>',
    );
    expect(post.html).not.toMatch(/\[caption|\[gallery|<p><figure/);
    // [gallery ids="20,21"] uses attachments listed after the post in the file.
    expect(post.html).toContain('src="https://oldblog.example.com/wp-content/uploads/2024/01/bells.png"');
    expect(post.excerpt).toBe('Lamps, bells & quiet.');
    expect(post.slug).toBe('evening-light');
    expect(post.status).toBe('published');
    expect(post.publishedAt?.toISOString()).toBe('2023-11-10T18:30:00.000Z');
    expect(post.originalUrl).toBe('https://oldblog.example.com/2023/11/evening-light/');
    expect(post.featureImageUrl).toBe('https://oldblog.example.com/wp-content/uploads/2023/11/lamp.jpg');
    expect(post.author).toEqual({ key: 'john', email: 'john@example.org', name: 'John Doe' });
  });

  it('keeps every category and tag in source order, without Uncategorized, duplicates or post formats', async () => {
    const post = storyById(await collect(readWxrEntries(fixture('wxr-basic.xml'))), '10');
    expect(post.tags).toEqual([
      'Essays',
      'Parish Life',
      'Prayer',
      'Evening',
      'Lamps',
      'Bells',
      'Quiet & Still',
    ]);
  });

  it('drops Gutenberg block comments without adding paragraphs', async () => {
    const post = storyById(await collect(readWxrEntries(fixture('wxr-basic.xml'))), '11');
    expect(post.html).not.toContain('<!--');
    expect(post.html).toContain('<p>First block paragraph.</p>');
    expect(post.html).toContain('<h3 class="wp-block-heading">A heading</h3>');
    expect(post.html).not.toMatch(/<p>\s*<figure|<p>\s*<h3/);
    expect(post.html).toContain('<a href="https://www.youtube.com/watch?v=abc123">');
    expect(post.featureImageUrl).toBe('https://oldblog.example.com/wp-content/uploads/2024/01/bells.png');
    expect(post.tags).toEqual([]);
  });

  it('reads a Chinese post with a percent-encoded slug and a Chinese author', async () => {
    const post = storyById(await collect(readWxrEntries(fixture('wxr-basic.xml'))), '12');
    expect(post.title).toBe('你好，世界');
    expect(post.slug).toBe('你好世界');
    expect(post.html).toBe('<p>春节快乐！灯火通明。</p>\n<p>第二段：我们一起读经、祷告。</p>');
    expect(post.tags).toEqual(['随笔']);
    expect(post.author).toEqual({ key: 'li.wei', email: 'wei@example.cn', name: '李伟' });
  });

  it('keeps drafts as drafts and private posts as drafts with a note', async () => {
    const entries = await collect(readWxrEntries(fixture('wxr-basic.xml')));
    const draft = storyById(entries, '13');
    expect(draft.status).toBe('draft');
    expect(draft.publishedAt).toBeNull();
    expect(draft.slug).toBeNull();
    expect(draft.originalUrl).toBeNull();
    expect(draft.html).toContain('See [sic] and note [1].');
    expect(draft.html).toContain('Keep this text');
    expect(draft.html).not.toContain('contact-form-7');
    expect(draft.html).toContain('<a href="https://vimeo.com/12345">');
    expect(draft.notes).toEqual([
      'Unknown shortcode [highlight] removed; its content was kept.',
      'Unknown shortcode [contact-form-7] dropped.',
    ]);
    const privatePost = storyById(entries, '14');
    expect(privatePost.status).toBe('draft');
    expect(privatePost.publishedAt?.toISOString()).toBe('2024-02-25T12:00:00.000Z');
    expect(privatePost.notes).toEqual(['Private in WordPress: imported as a draft.']);
  });

  it('can be iterated twice through openExport (dry run, then import)', async () => {
    const opened = await openExport(fixture('wxr-basic.xml'));
    expect(opened.source).toBe('wordpress');
    const first = await collect(opened.entries());
    const second = await collect(opened.entries());
    expect(second).toEqual(first);
    expect(await opened.openAsset('anything.png')).toBeNull();
    await opened.close();
  });

  it.each([
    ['wxr-billion-laughs.xml', /DOCTYPE/],
    ['wxr-external-entity.xml', /DOCTYPE/],
  ])('refuses %s before expanding anything', async (name, message) => {
    const error = await collect(readWxrEntries(fixture(name))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_failed');
    expect((error as AppError).message).toMatch(message);
  });

  it('refuses a cut-off file and RSS that is not WordPress’s', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wxr-bad-'));
    try {
      const cut = join(dir, 'cut.xml');
      const whole = await import('node:fs/promises').then((fs) =>
        fs.readFile(fixture('wxr-basic.xml'), 'utf8'),
      );
      await writeFile(cut, whole.slice(0, Math.floor(whole.length / 2)));
      const cutError = await collect(readWxrEntries(cut)).catch((e: unknown) => e);
      expect((cutError as AppError).code).toBe('validation_failed');
      expect((cutError as AppError).message).toMatch(/not well-formed/);

      const rss = join(dir, 'rss.xml');
      await writeFile(
        rss,
        '<?xml version="1.0"?><rss version="2.0"><channel><item><title>x</title></item></channel></rss>',
      );
      const rssError = await collect(readWxrEntries(rss)).catch((e: unknown) => e);
      expect((rssError as AppError).message).toMatch(/not a WordPress export/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('streams a 20,000-post export: the first entry comes long before the end, memory stays flat', async () => {
    const path = await makeWxr(20_000, { paragraphs: 1 });
    try {
      // What the reader holds, not the garbage it has made so far: a collection before each look
      // (the `fresh` project starts its workers with --expose-gc, vitest.config.ts). Without it, the
      // figure was whatever the collector had not yet swept: 23 MB once beside a busy neighbour.
      const collect = global.gc;
      expect(collect, 'node runs with --expose-gc').toBeTypeOf('function');
      collect!();
      const baseline = process.memoryUsage().heapUsed;
      let peak = 0;
      let count = 0;
      let firstAt = 0;
      const started = Date.now();
      for await (const entry of readWxrEntries(path)) {
        if (count === 0) firstAt = Date.now() - started;
        count += 1;
        expect(entry.kind).toBe('story');
        if (count % 2000 === 0) {
          collect!();
          peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
        }
      }
      const total = Date.now() - started;
      expect(count).toBe(20_000);
      // Streaming: the first post is handed on after the first (attachment) pass, well before
      // the second pass has read the file; never a quarter of the ~22 MB file held (1.5 MB here).
      expect(firstAt).toBeLessThan(total * 0.75);
      const { size } = await import('node:fs/promises').then((fs) => fs.stat(path));
      expect(peak).toBeLessThan(size / 4);
    } finally {
      await rm(dirname(path), { recursive: true, force: true });
    }
  }, 60_000);
});
