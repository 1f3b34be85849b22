// Issue 3 item 5 — the story page /stories/{slug}: head metadata, JSON-LD, outdated slugs (301),
// unknown or non-public stories (404), the share widget of SPEC §2, Save for signed-in readers, and
// changes showing at once (no stale page from the response cache).
import type { Page } from '@playwright/test';
import { GUIDES, guidePath } from '../../src/lib/guides';
import { createStory, expect, signedInTest, test } from './fixtures';

const guide = GUIDES[0];
const guideUrlPath = guidePath(guide);

const meta = (page: Page, selector: string) => page.locator(selector).first().getAttribute('content');

async function jsonLd(page: Page) {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? 'null');
}

test.describe('story page, anonymous', () => {
  test('a seeded story renders with its title, description, canonical, Open Graph, Twitter card and JSON-LD', async ({
    page,
    baseURL,
  }) => {
    const response = await page.goto(guideUrlPath);
    expect(response?.status()).toBe(200);
    const url = `${baseURL}${guideUrlPath}`;
    await expect(page).toHaveTitle(`${guide.title} · Lamplight`);
    await expect(page.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
    expect(await meta(page, 'meta[name="description"]')).toBe(guide.excerpt);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    expect(await meta(page, 'meta[property="og:type"]')).toBe('article');
    expect(await meta(page, 'meta[property="og:title"]')).toBe(guide.title);
    expect(await meta(page, 'meta[property="og:description"]')).toBe(guide.excerpt);
    expect(await meta(page, 'meta[property="og:url"]')).toBe(url);
    expect(await meta(page, 'meta[property="og:site_name"]')).toBe('Lamplight');
    expect(await meta(page, 'meta[property="article:published_time"]')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary');
    expect(await meta(page, 'meta[name="twitter:title"]')).toBe(guide.title);
    expect(await meta(page, 'meta[name="twitter:description"]')).toBe(guide.excerpt);
    const ld = await jsonLd(page);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: guide.title,
      description: guide.excerpt,
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      author: { '@type': 'Person' },
    });
    expect(Date.parse(ld.datePublished)).toBeGreaterThan(0);
    // Byline, reading time and date (English for an English story).
    const article = page.locator('article');
    await expect(article.getByText(/\d+ min read/)).toBeVisible();
    await expect(article.locator('time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // Anonymous readers get Share but not Save.
    await expect(page.getByRole('button', { name: 'Share this story' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save to a list' })).toHaveCount(0);
  });

  test('an outdated slug answers 301 to the current address', async ({ page, request }) => {
    const old = `/stories/an-older-title-${guide.id}`;
    const response = await request.get(old, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe(guideUrlPath);
    await page.goto(old);
    await expect(page).toHaveURL(new RegExp(`${guideUrlPath}$`));
    await expect(page.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
  });

  test('an unknown story is the site 404 page', async ({ page }) => {
    const response = await page.goto('/stories/no-such-story-AAAAAAAAAAAAAAAAAAAAA');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible(); // the site header stays
    const short = await page.goto('/stories/short');
    expect(short?.status()).toBe(404);
  });
});

signedInTest.describe('story page, with stories written here', () => {
  signedInTest(
    'a story with an image: summary_large_image, tags, byline; Save for signed-in readers',
    async ({ page, baseURL, sharedUser }) => {
      const image = `${baseURL}/icon.svg`;
      const story = await createStory(page.request, baseURL!, {
        title: 'Light for the Long Road',
        excerpt: 'What the lamp at our feet teaches about trust.',
        featureImageUrl: image,
        tags: [{ name: 'Faith' }, { name: 'Hope' }],
        bodyJson: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Enough light' }] },
            { type: 'paragraph', content: [{ type: 'text', text: 'A lamp lights the next step.' }] },
          ],
        },
      });
      await page.goto(story.path);
      expect(await meta(page, 'meta[name="twitter:card"]')).toBe('summary_large_image');
      expect(await meta(page, 'meta[name="twitter:image"]')).toBe(image);
      expect(await meta(page, 'meta[property="og:image"]')).toBe(image);
      expect((await jsonLd(page)).image).toEqual([image]);
      const article = page.locator('article');
      await expect(article.getByRole('heading', { level: 2, name: 'Enough light' })).toBeVisible();
      await expect(article.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText([
        'Faith',
        'Hope',
      ]);
      // The byline: the author's name (a link to /@{subdomain} once they have one).
      await expect(article.getByText(sharedUser.name, { exact: true })).toBeVisible();
      await expect(article.locator('figure img')).toHaveAttribute('src', image);
      await expect(page.getByRole('button', { name: 'Save to a list' }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Save to a list' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  );

  signedInTest(
    'the share widget: 40×40 image, title, copy link, e-mail, print, seven networks',
    async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const image = `${baseURL}/icon.svg`;
      const title = 'Grace & Peace: "Day 1"';
      const excerpt = 'Rest in His promises — today & always?';
      const story = await createStory(page.request, baseURL!, {
        title,
        excerpt,
        featureImageUrl: image,
        bodyHtml: '<p>Peace be with you.</p>',
      });
      const url = `${baseURL}${story.path}`;
      const e = encodeURIComponent;
      await page.goto(story.path);
      await page.getByRole('button', { name: 'Share this story' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Share this story' });
      await expect(dialog).toBeVisible();
      const thumb = dialog.locator('img').first();
      await expect(thumb).toHaveAttribute('src', image);
      // Layout size, not the bounding box: the dialog may still be scaling in.
      expect(await thumb.evaluate((img: HTMLImageElement) => [img.offsetWidth, img.offsetHeight])).toEqual([
        40, 40,
      ]);
      await expect(dialog.getByText(title, { exact: true })).toBeVisible();

      const href = (name: string) => dialog.getByRole('link', { name }).getAttribute('href');
      expect(await href('E-mail')).toBe(
        `mailto:?subject=${e(title)}&body=${e(`Check out this site: ${url}`)}`,
      );
      expect(await href('Share on Facebook')).toBe(
        `https://www.facebook.com/sharer/sharer.php?u=${e(url)}&quote=${e(title)}`,
      );
      expect(await href('Share on Twitter')).toBe(
        `https://twitter.com/intent/tweet?url=${e(url)}&text=${e(title)}`,
      );
      expect(await href('Share on WhatsApp')).toBe(
        `https://api.whatsapp.com/send?text=${e(`${title} ${url}`)}`,
      );
      expect(await href('Share on LinkedIn')).toBe(
        `https://www.linkedin.com/shareArticle?mini=true&url=${e(url)}&title=${e(title)}`,
      );
      expect(await href('Share on Reddit')).toBe(
        `https://www.reddit.com/submit?url=${e(url)}&title=${e(title)}`,
      );
      expect(await href('Share on Telegram')).toBe(`https://t.me/share/url?url=${e(url)}&text=${e(excerpt)}`);
      expect(await href('Share on Pinterest')).toBe(
        `https://pinterest.com/pin/create/button/?url=${e(url)}&media=${e(image)}&description=${e(excerpt)}`,
      );
      for (const name of ['Facebook', 'Twitter', 'WhatsApp', 'LinkedIn', 'Reddit', 'Telegram', 'Pinterest']) {
        await expect(dialog.getByRole('link', { name: `Share on ${name}` })).toHaveAttribute(
          'target',
          '_blank',
        );
      }
      await expect(dialog.getByRole('button', { name: 'Print' })).toBeVisible();

      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await expect(dialog.getByRole('button', { name: 'Link copied' })).toBeVisible();
      await expect(dialog.getByRole('status')).toHaveText('The link is on your clipboard.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    },
  );

  signedInTest(
    'publishing, editing, unpublishing and deleting show at once',
    async ({ page, playwright, baseURL }) => {
      const api = page.request;
      // Readers: no session (the `request` fixture would carry the signed-in storage state).
      const request = await playwright.request.newContext({
        baseURL,
        storageState: { cookies: [], origins: [] },
      });
      const draft = await createStory(
        api,
        baseURL!,
        { title: 'Fresh Bread', excerpt: 'Daily.', bodyHtml: '<p>One.</p>' },
        'draft',
      );
      // A draft: 404 for readers, a preview for its author.
      expect((await request.get(draft.path)).status()).toBe(404);
      await page.goto(draft.path);
      await expect(page.getByRole('note')).toContainText('Preview: this story is a draft');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

      const published = await api.patch(`/api/posts/manage_posts/publish_post/${draft.id}`, {
        headers: { origin: baseURL! },
      });
      expect(published.status()).toBe(200);
      const first = await request.get(draft.path);
      expect(first.status()).toBe(200);
      expect(await first.text()).toContain('<p>One.</p>');
      expect((await request.get(draft.path)).status()).toBe(200); // served again (from the page cache)

      const version = (await published.json()).version;
      const edited = await api.patch(`/api/posts/${draft.id}`, {
        headers: { origin: baseURL! },
        data: { version, title: 'Fresh Bread Daily', bodyHtml: '<p>Two.</p>' },
      });
      expect(edited.status()).toBe(200);
      const newPath = `/stories/fresh-bread-daily-${draft.id}`;
      const moved = await request.get(draft.path, { maxRedirects: 0 });
      expect(moved.status()).toBe(301);
      expect(moved.headers()['location']).toBe(newPath);
      const body = await (await request.get(newPath)).text();
      expect(body).toContain('<p>Two.</p>');
      expect(body).not.toContain('<p>One.</p>');

      const unpublished = await api.patch(`/api/posts/manage_posts/unpublish_post/${draft.id}`, {
        headers: { origin: baseURL! },
      });
      expect(unpublished.status()).toBe(200);
      expect((await request.get(newPath)).status()).toBe(404);

      const republished = await api.patch(`/api/posts/manage_posts/publish_post/${draft.id}`, {
        headers: { origin: baseURL! },
      });
      expect(republished.status()).toBe(200);
      expect((await request.get(newPath)).status()).toBe(200);
      const deleted = await api.delete(`/api/posts/${draft.id}`, { headers: { origin: baseURL! } });
      expect(deleted.status()).toBeLessThan(300);
      expect((await request.get(newPath)).status()).toBe(404);
      await request.dispose();
    },
  );
});
