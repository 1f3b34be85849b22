// Export everything (issue 23 item 2; docs/decisions/043-exports.md): a writer asks for their
// archive on /me/import, watches it being made, downloads it and finds their story in ghost.json and
// as Markdown; a publication's owner does the same from the publication admin and gets the
// subscribers too. Screenshots at 1280 and 375 px go to test-results/screenshots/exports/ for a person to see.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { zipEntries } from '../helpers/zip-entries';
import { createStory, expect, signedInTest as test } from './fixtures';
import { shootBoth } from './shots';

/** Clicks "Export everything", waits for the archive, downloads it and answers its entries. */
async function exportAndDownload(page: Page, shotName: string): Promise<Map<string, Buffer>> {
  const panel = page.getByTestId('export-panel');
  await panel.getByRole('button', { name: 'Export everything' }).click();
  const download = panel.getByRole('link', { name: /^Download \(/ });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('status')).toContainText('Your archive is ready');
  await shootBoth(page, 'exports', shotName);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^lamplight-export-.+\.zip$/);
  const saved = path.join(test.info().outputPath(), file.suggestedFilename());
  await file.saveAs(saved);
  expect((await readFile(saved)).subarray(0, 2).toString()).toBe('PK');
  return zipEntries(saved);
}

async function createPublication(request: APIRequestContext, baseURL: string): Promise<{ id: string }> {
  const response = await request.post('/api/publications/create', {
    headers: { origin: baseURL },
    data: {
      name: 'Export Light',
      description: 'A publication to take away.',
      subdomain: `export-${Date.now().toString(36)}`,
      createdTime: Date.now(),
      languageCode: 'en',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

test('a writer exports everything from /me/import and downloads the archive', async ({ page, baseURL }) => {
  const title = `Export me ${Date.now().toString(36)}`;
  const story = await createStory(page.request, baseURL!, {
    title,
    excerpt: 'A story to take away.',
    bodyJson: {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Kept safe.' }] }],
    },
    tags: [{ name: 'Keepsake' }],
  });
  await page.goto('/me/import');
  await expect(page.getByRole('heading', { name: /Export/ })).toBeVisible();
  const entries = await exportAndDownload(page, 'me-import-export');

  const names = [...entries.keys()];
  expect(names).toContain('ghost.json');
  expect(names).toContain('README.txt');
  expect(names.some((name) => name.startsWith('markdown/') && name.endsWith(`-${story.slug}.md`))).toBe(true);
  const ghost = JSON.parse(entries.get('ghost.json')!.toString('utf8'));
  const post = ghost.db[0].data.posts.find((p: { id: string }) => p.id === story.id);
  expect(post).toMatchObject({ title, slug: story.slug, status: 'published' });
  expect(post.html).toContain('Kept safe.');
  expect(names).not.toContain('subscribers.csv');
});

test("a publication's owner exports it, subscribers included, from the publication admin", async ({
  page,
  baseURL,
}) => {
  const publication = await createPublication(page.request, baseURL!);
  await page.goto(`/publications/admin/${publication.id}`);
  await expect(page.getByRole('heading', { name: 'Export', exact: true })).toBeVisible();
  const entries = await exportAndDownload(page, 'publication-admin-export');
  expect([...entries.keys()]).toEqual(
    expect.arrayContaining(['ghost.json', 'README.txt', 'subscribers.csv']),
  );
  expect(entries.get('subscribers.csv')!.toString('utf8').split('\n')[0]).toMatch(
    /^email,status,created_at,confirmed_at,unsubscribed_at/,
  );
});
