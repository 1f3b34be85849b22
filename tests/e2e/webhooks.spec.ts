// Webhooks (issue 23 item 3, docs/decisions/040-webhooks.md): a publication's owner adds an endpoint
// in the publication admin, sees it listed with its secret, publishes a story and finds its delivery
// in the list; switches the endpoint off. A site admin finds the site-wide section in the staff area.
// The server under test refuses private addresses (OUTBOUND_ALLOW_PRIVATE is off), so the endpoint
// is a public address written out (no DNS here); this machine has no way out, so the delivery is
// shown failing and queued for its retry — the signed deliveries themselves are checked against a
// local receiver in tests/api/webhooks.api.test.ts. Screenshots at 1280 and 375 px go to
// test-results/screenshots/webhooks/.
import type { APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN } from './demo-accounts';
import { createStory, expect, signIn, signedInTest, test } from './fixtures';
import { DESKTOP, PHONE, shootBoth } from './shots';

const ENDPOINT = 'https://93.184.215.14/lamplight-hook';

async function createPublicationWithCollection(request: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const created = await request.post('/api/publications/create', {
    headers,
    data: {
      name: 'Hooked Light',
      description: 'A publication that tells its tools.',
      subdomain: `hooks-${Date.now().toString(36)}`,
      createdTime: Date.now(),
      languageCode: 'en',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const publication = (await created.json()) as { id: string };
  const collection = await request.post('/api/collections/create', {
    headers,
    data: { publicationId: publication.id, name: 'Notes', description: '' },
  });
  expect(collection.status(), await collection.text()).toBe(201);
  return { id: publication.id, collectionId: ((await collection.json()) as { id: string }).id };
}

signedInTest(
  'an owner adds a webhook in the publication admin and sees its secret and deliveries',
  async ({ page, baseURL }) => {
    const publication = await createPublicationWithCollection(page.request, baseURL!);
    await page.goto(`/publications/admin/${publication.id}`);

    const section = page.getByTestId('webhooks');
    await expect(section.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
    await expect(section.getByText('No webhooks yet.')).toBeVisible();

    const form = section.getByRole('form', { name: 'New webhook' });
    await form.getByLabel('Endpoint URL').fill(ENDPOINT);
    await form.getByRole('checkbox', { name: /A reader unsubscribes/ }).check();
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const item = section.getByRole('listitem').filter({ hasText: ENDPOINT });
    await expect(item.getByRole('heading', { name: ENDPOINT })).toBeVisible();
    await expect(item.getByText('On', { exact: true })).toBeVisible();
    await expect(item.getByTestId('webhook-secret')).toHaveText(/^whsec_[A-Za-z0-9_-]{40,}$/);
    for (const event of ['story.published', 'story.deleted', 'subscriber.unsubscribed']) {
      await expect(item.getByText(event, { exact: true })).toBeVisible();
    }
    await expect(item.getByText('No deliveries yet')).toBeVisible();

    // The secret stays the owner's to see after a reload, hidden until asked for.
    const secret = await item.getByTestId('webhook-secret').textContent();
    await page.reload();
    const again = section.getByRole('listitem').filter({ hasText: ENDPOINT });
    await expect(again.getByTestId('webhook-secret')).not.toHaveText(secret!);
    await again.getByRole('button', { name: 'Show' }).click();
    await expect(again.getByTestId('webhook-secret')).toHaveText(secret!);

    // A story goes out: its delivery appears, with its outcome.
    await createStory(page.request, baseURL!, {
      title: 'Told to the tools',
      excerpt: 'A story the webhook hears of.',
      bodyJson: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello.' }] }],
      },
      tags: [{ name: 'Faith' }],
      publicationId: publication.id,
      collectionId: publication.collectionId,
    });
    await again.getByRole('button', { name: 'Deliveries' }).click();
    const row = again.getByTestId('webhook-delivery').first();
    await expect(async () => {
      await again.getByRole('button', { name: 'Refresh' }).click();
      await expect(row).toContainText('story.published', { timeout: 1000 });
      // Attempted (no way out of this machine: it failed and waits for its retry), with its time.
      await expect(row).toContainText(/Retrying|Failed/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(row.getByRole('button', { name: 'Resend' })).toBeVisible();
    await shootBoth(page, 'webhooks', 'publication-admin-webhooks');
    // On a phone the section keeps to the screen's width (the deliveries table scrolls inside it).
    await page.setViewportSize(PHONE);
    const right = await section.evaluate((element) => element.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(375);
    await page.setViewportSize(DESKTOP);

    await again.getByRole('button', { name: 'Switch off' }).click();
    await expect(again.getByText('Off', { exact: true })).toBeVisible();
    await expect(again.getByRole('button', { name: 'Switch on' })).toBeVisible();
  },
);

test('a site admin manages the site-wide webhooks in the staff area', async ({ page }) => {
  await page.goto('/');
  await signIn(page, DEMO_ADMIN);
  await page.goto('/admin?section=roles');
  const section = page.getByTestId('webhooks');
  await expect(section.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
  await expect(section.getByText(/Site-wide endpoints hear the events of every publication/)).toBeVisible();
  await shootBoth(page, 'webhooks', 'staff-webhooks');
});
