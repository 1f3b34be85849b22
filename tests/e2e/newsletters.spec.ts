// Issue 12's journey in Chromium, over real SMTP (an smtp-server sink this spec starts on the port
// playwright.config.ts gives the server as SMTP_URL): a new owner turns the newsletter of a new
// publication on; a reader subscribes from the publication page (SPEC §2 publication-subscription:
// 'Please enter a valid email address.', 'Loading...', /static/subscribe_success), confirms from the
// mail; the owner adds a published story to the newsletter from its story-actions menu and schedules
// it a minute ahead from the publication admin ('Schedule a time to send newsletter', reload after
// 1 s); the mail arrives once with the story, the unsubscribe link and both RFC 8058 headers; one
// POST unsubscribes; the next newsletter skips that address. /daily-newsletter subscribes for real,
// to the daily devotional and to every other site topic. A confirmation link only opens a page (a
// scanner's GET, a HEAD or a prefetch confirms nothing); its button confirms, with or without script.
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { SITE_TOPICS, TOPIC_DAILY_DEVOTIONAL } from '../../src/lib/topics';
import { linkIn, type SunkMail } from '../helpers/smtp-sink';
import { createStory, expect, newUserTest, test, uniqueEmail } from './fixtures';
import { e2eMailSink, type E2eMailbox } from './mail-sink';
import { PHONE, shoot } from './shots';

// The run's one mailbox (mail-sink.ts): sign-ups read their confirmation mail from it too.
let sink: E2eMailbox;

test.beforeAll(async () => {
  sink = await e2eMailSink();
});

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const messageDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: /^(Message|Something went wrong)$/ });
const mailsTo = (address: string, subject?: string) =>
  sink.messages.filter((m) => m.to.includes(address) && (subject === undefined || m.subject === subject));

async function waitForMail(address: string, subject: string, timeoutMs = 30_000): Promise<SunkMail> {
  const [mail] = await sink.waitFor((m) => m.to.includes(address) && m.subject === subject, { timeoutMs });
  return mail!;
}

/** The site path of an absolute link in a mail (the sink's links carry the server's own origin). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** The next minute boundary at least a minute ahead, as the datetime-local value (UTC) and epoch ms. */
function aMinuteAhead(): { value: string; time: number } {
  const time = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
  return { value: new Date(time).toISOString().slice(0, 16), time };
}

async function createNewsletterPublication(request: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const subdomain = `letters-${stamp()}`;
  const created = await request.post('/api/publications/create', {
    headers,
    data: {
      name: `Morning Letters ${subdomain.slice(-4)}`,
      description: 'Letters at dawn.',
      subdomain,
      languageCode: 'en',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const publication = await created.json();
  const collection = await request.post('/api/collections/create', {
    headers,
    data: { publicationId: publication.id, name: 'Dawn' },
  });
  expect(collection.status(), await collection.text()).toBe(201);
  return { ...publication, collectionId: (await collection.json()).id as string } as {
    id: string;
    name: string;
    subdomain: string;
    collectionId: string;
  };
}

/** The confirmation link of the mail a subscription to `topicName` sent to `address` (a site path). */
async function confirmationLink(address: string, topicName: string): Promise<string> {
  const mail = await waitForMail(address, `Confirm your subscription to ${topicName}`);
  expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  return pathOf(linkIn(mail, '/subscriptions/confirm?token='));
}

/**
 * A reader subscribed by the site's own form (publication dialog or page) confirms from the mail: the
 * link opens a page that shows the subscription, and its button confirms.
 */
async function confirmFromMail(page: Page, address: string, topicName: string): Promise<void> {
  await page.goto(await confirmationLink(address, topicName));
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  await expect(page.getByText(`Send ${topicName} to ${address}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();
}

newUserTest.describe('newsletters', () => {
  newUserTest(
    'subscribe, confirm, add, schedule, receive once, unsubscribe in one click',
    { tag: '@clock' },
    async ({ page, browser, baseURL }) => {
      newUserTest.setTimeout(420_000);
      const publication = await createNewsletterPublication(page.request, baseURL!);

      // The owner turns the newsletter on in the edit page.
      await page.goto(`/publications/${publication.id}/edit`);
      const settings = page.getByRole('region', { name: 'Newsletter' });
      await settings.getByLabel('Send a newsletter to subscribers').check();
      await settings.getByRole('button', { name: 'Save newsletter settings' }).click();
      await expect(settings.getByText('Saved successfully')).toBeVisible();

      // A reader, anonymous, subscribes from the publication page.
      const readerContext = await browser.newContext({
        baseURL,
        extraHTTPHeaders: { 'x-forwarded-for': '10.99.0.1' },
      });
      const reader = await readerContext.newPage();
      const readerEmail = uniqueEmail('reader');
      await reader.goto(`/${publication.subdomain}`);
      await reader.getByRole('button', { name: `Subscribe to ${publication.name}` }).click();
      const dialog = reader.getByRole('dialog', { name: `Subscribe to ${publication.name}` });
      await expect(dialog).toContainText(
        "Sign up to receive inpiration and meditation of God's Word, delivered to your inbox.",
      );
      await dialog.getByLabel('E-mail address').fill('not-an-address');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address.');
      await dialog.getByLabel('E-mail address').fill(readerEmail);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expect(reader).toHaveURL(/\/static\/subscribe_success$/);
      await confirmFromMail(reader, readerEmail, publication.name);

      // The owner publishes a story there and adds it to the newsletter from its story-actions menu.
      const story = await createStory(page.request, baseURL!, {
        title: `Manna for the morning ${stamp()}`,
        excerpt: 'Enough for today.',
        bodyHtml: '<p>Give us this day our daily bread, and no more than we need.</p>',
        publicationId: publication.id,
        collectionId: publication.collectionId,
        tags: [],
      });
      await page.goto(story.path);
      await page.getByRole('button', { name: 'Story actions' }).first().click();
      await page
        .getByRole('dialog', { name: 'Story actions' })
        .getByRole('button', { name: 'Add to newsletter' })
        .click();
      const add = page.getByRole('dialog', { name: 'Add to newsletter' });
      await expect(add).toContainText(story.title);
      await expect(add).toContainText('Published at:');
      await add.getByRole('button', { name: 'Add to newsletter' }).click();
      await expect(messageDialog(page)).toContainText('Created successfully');
      await messageDialog(page).getByRole('button', { name: 'OK' }).click();

      // … and schedules it a minute ahead from the publication admin; the page reloads after 1 s.
      await page.goto(`/publications/admin/${publication.id}`);
      const newsletters = page.getByRole('region', { name: 'Newsletters' });
      await newsletters.getByRole('button', { name: `Newsletter actions for ${story.title}` }).click();
      await page
        .getByRole('dialog', { name: 'Newsletter' })
        .getByRole('button', { name: 'Schedule the newsletter' })
        .click();
      const schedule = page.getByRole('dialog', { name: 'Schedule a time to send newsletter' });
      const at = aMinuteAhead();
      await schedule.getByLabel('Send at (UTC)').fill(at.value);
      const reloaded = page.waitForEvent('load');
      await schedule.getByRole('button', { name: 'Schedule the newsletter' }).click();
      await expect(messageDialog(page)).toContainText('Scheduled successfully');
      await reloaded;
      await expect(
        page
          .getByRole('table', { name: 'Newsletter entries' })
          .getByRole('row', { name: new RegExp(story.title) }),
      ).toContainText('Scheduled');

      // The mail arrives once, with the story, the unsubscribe link and both headers.
      const mail = await waitForMail(readerEmail, story.title, 180_000);
      expect(mail.html).toContain('Give us this day our daily bread');
      expect(mail.html).toContain(publication.name);
      expect(linkIn(mail, '/subscriptions/unsubscribe?token=')).toBeTruthy();
      const oneClick = mail.headers.get('list-unsubscribe')!;
      expect(oneClick).toMatch(/^<http:\/\/localhost:\d+\/api\/subscriptions\/unsubscribe\?token=/);
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      await expect
        .poll(
          () =>
            page.request
              .get(`/api/publications/${publication.id}/newsletters`)
              .then((r) => r.json())
              .then((l) => l.newsletters[0].status),
          { timeout: 30_000 },
        )
        .toBe('sent');
      expect(mailsTo(readerEmail, story.title)).toHaveLength(1);

      // One POST, as a mail provider sends it: no cookie, a form body.
      const provider = await playwrightRequest.newContext();
      const left = await provider.post(oneClick.slice(1, -1), {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: 'List-Unsubscribe=One-Click',
      });
      expect(left.status(), await left.text()).toBe(200);
      await provider.dispose();

      // A second reader stays; the next newsletter reaches them and skips the one who left.
      const secondEmail = uniqueEmail('second');
      const subscribed = await reader.request.put('/api/subscribe', {
        headers: { origin: baseURL! },
        data: { email: secondEmail, topic: `publication-${publication.subdomain}`, timezone: 'UTC' },
      });
      expect(subscribed.status()).toBe(200);
      await confirmFromMail(reader, secondEmail, publication.name);
      const next = await createStory(page.request, baseURL!, {
        title: `Evening manna ${stamp()}`,
        excerpt: 'Rest.',
        bodyHtml: '<p>He gives to His beloved sleep.</p>',
        publicationId: publication.id,
        collectionId: publication.collectionId,
        tags: [],
      });
      const entry = await page.request.post(`/api/publications/${publication.id}/newsletters/create`, {
        headers: { origin: baseURL! },
        data: { publicationId: publication.id, postId: next.id },
      });
      expect(entry.status()).toBe(201);
      const { newsletterId } = await entry.json();
      const scheduled = await page.request.patch(
        `/api/publications/${publication.id}/newsletters/${newsletterId}`,
        {
          headers: { origin: baseURL! },
          data: { scheduledTime: aMinuteAhead().time, publicationId: publication.id, timezone: 'UTC' },
        },
      );
      expect(scheduled.status(), await scheduled.text()).toBe(200);
      await waitForMail(secondEmail, next.title, 180_000);
      await expect
        .poll(
          () =>
            page.request
              .get(`/api/publications/${publication.id}/newsletters/${newsletterId}`)
              .then((r) => r.json())
              .then((e) => e.status),
          { timeout: 30_000 },
        )
        .toBe('sent');
      expect(mailsTo(readerEmail, next.title)).toEqual([]);
      expect(mailsTo(secondEmail, next.title)).toHaveLength(1);

      // The admin's stats count both newsletters.
      await page.goto(`/publications/admin/${publication.id}`);
      // Recipients 1, delivered 1, failed 0 each: the second letter reached only the reader who stayed.
      const stats = page.getByRole('table', { name: 'Newsletter stats' });
      await expect(stats.getByRole('row', { name: new RegExp(`^${next.title} 1 1 0 `) })).toBeVisible();
      await expect(stats.getByRole('row', { name: new RegExp(`^${story.title} 1 1 0 `) })).toBeVisible();
      await readerContext.close();
    },
  );
});

test('/daily-newsletter subscribes to the daily devotional for real', async ({ page }) => {
  const email = uniqueEmail('daily');
  await page.goto('/daily-newsletter');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page).toHaveURL(/\/static\/subscribe_success$/);
  await expect(page.getByRole('heading', { name: 'You’re subscribed' })).toBeVisible();
  await confirmFromMail(page, email, 'Daily Devotional');
});

newUserTest(
  'the operations menu reschedules, cancels and removes an entry with SPEC’s wording',
  async ({ page, baseURL }) => {
    const publication = await createNewsletterPublication(page.request, baseURL!);
    const story = await createStory(page.request, baseURL!, {
      title: `Quiet waters ${stamp()}`,
      excerpt: 'He leads me.',
      bodyHtml: '<p>He leads me beside quiet waters.</p>',
      publicationId: publication.id,
      collectionId: publication.collectionId,
      tags: [],
    });
    // Before its owner turns the newsletter on, the subscribe dialog under its story says so (SPEC §5).
    await page.goto(story.path);
    await page.getByRole('button', { name: `Subscribe to ${publication.name}` }).click();
    await expect(messageDialog(page)).toContainText("The publication doesn't has newsletter yet!");
    const on = await page.request.put(`/api/publications/${publication.id}/newsletters/settings`, {
      headers: { origin: baseURL! },
      data: { hasNewsletters: true },
    });
    expect(on.status(), await on.text()).toBe(200);
    const created = await page.request.post(`/api/publications/${publication.id}/newsletters/create`, {
      headers: { origin: baseURL! },
      data: { publicationId: publication.id, postId: story.id },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto(`/publications/admin/${publication.id}`);
    const newsletters = page.getByRole('region', { name: 'Newsletters' });
    const operations = page.getByRole('dialog', { name: 'Newsletter' });
    const openOperations = async () => {
      await newsletters.getByRole('button', { name: `Newsletter actions for ${story.title}` }).click();
      await expect(operations).toBeVisible();
    };
    const entryRow = () =>
      page
        .getByRole('table', { name: 'Newsletter entries' })
        .getByRole('row', { name: new RegExp(story.title) });

    // Unscheduled: schedule and remove, nothing to reschedule or cancel.
    await openOperations();
    await expect(operations.getByRole('button', { name: 'Schedule the newsletter' })).toBeVisible();
    await expect(
      operations.getByRole('button', { name: 'Remove the article from newsletter' }),
    ).toBeVisible();
    await expect(operations.getByRole('button', { name: 'Rechedule the newsletter' })).toHaveCount(0);
    await operations.getByRole('button', { name: 'Schedule the newsletter' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule a time to send newsletter' });
    // Next year: within the API's horizon, and never in the past.
    const year = new Date().getUTCFullYear() + 1;
    await schedule.getByLabel('Send at (UTC)').fill(`${year}-01-02T09:30`);
    const firstReload = page.waitForEvent('load');
    const clickedAt = Date.now();
    await schedule.getByRole('button', { name: 'Schedule the newsletter' }).click();
    await expect(messageDialog(page)).toContainText('Scheduled successfully');
    await firstReload;
    // SPEC §4: the page reloads about a second after scheduling, not at once.
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(900);
    await expect(entryRow()).toContainText('Scheduled');

    // Scheduled: reschedule shows the original time; no second "Schedule".
    await openOperations();
    await expect(operations.getByRole('button', { name: 'Schedule the newsletter' })).toHaveCount(0);
    await operations.getByRole('button', { name: 'Rechedule the newsletter' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Rechedule the newsletter' });
    await expect(reschedule).toContainText('Original scheduled:');
    await expect(reschedule).toContainText(String(year));
    await reschedule.getByLabel('Send at (UTC)').fill(`${year}-03-04T10:15`);
    const secondReload = page.waitForEvent('load');
    await reschedule.getByRole('button', { name: 'Rechedule the newsletter' }).click();
    await secondReload;
    const entry = await page.request
      .get(`/api/publications/${publication.id}/newsletters`)
      .then((r) => r.json());
    expect(entry.newsletters[0].scheduledTime).toBe(Date.UTC(year, 2, 4, 10, 15));

    // Cancel the schedule: SPEC's question, Yes; the entry is unscheduled again.
    await openOperations();
    await operations.getByRole('button', { name: 'Cancel the schedule' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel newsletter schedule' });
    await expect(cancel).toContainText('Are you sure you want to Cancel this newsletter scheduled at');
    await cancel.getByRole('button', { name: 'Yes' }).click();
    await expect(entryRow()).toContainText('Not scheduled');

    // Remove the article from the newsletter: the entry is gone.
    await openOperations();
    await operations.getByRole('button', { name: 'Remove the article from newsletter' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove from newsletter' });
    await expect(remove).toContainText(story.title);
    await expect(remove).toContainText('Published at:');
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(messageDialog(page)).toContainText('Removed successfully!');
    await messageDialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(entryRow()).toHaveCount(0);
  },
);

test('the anxiety tag page subscribes to the anxiety topic (subscribe-email)', async ({ page }) => {
  await page.goto('/tags/anxiety');
  await page.getByRole('button', { name: 'Get letters for anxious days' }).click();
  const dialog = page.getByRole('dialog', { name: 'Peace for anxious hearts' });
  await dialog.getByLabel('E-mail address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address.');
  const email = uniqueEmail('anxious');
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/static\/subscribe_success$/);
  await confirmFromMail(page, email, 'Anxiety');
});

test('a confirmation link opened by a mail scanner, a HEAD or a prefetch confirms nothing; its button does, without script too', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('scanned');
  const subscribed = await page.request.put('/api/subscribe', {
    headers: { origin: baseURL! },
    data: { email, topic: 'bible-study', timezone: 'UTC' },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  const link = await confirmationLink(email, 'Bible Study');

  // What a mail provider's link scanner and a browser's prefetch send: no cookie, no script run.
  const scanner = await playwrightRequest.newContext({ baseURL });
  const fetched = await scanner.get(link);
  expect(fetched.status()).toBe(200);
  expect(await fetched.text()).toContain('Confirm your subscription');
  expect((await scanner.head(link)).status()).toBe(200);
  const prefetches: Record<string, string>[] = [
    { 'sec-purpose': 'prefetch' },
    { 'sec-purpose': 'prefetch;prerender' },
    { purpose: 'prefetch' },
  ];
  for (const headers of prefetches) {
    expect((await scanner.get(link, { headers })).status()).toBe(200);
  }
  await scanner.dispose();

  // Still waiting: the page asks again (a confirmed one would say so), and no script is needed to answer.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const reader = await noScript.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  await expect(reader.getByText(`Send Bible Study to ${email}?`)).toBeVisible();
  await reader.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(reader).toHaveURL(link);
  await expect(reader.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();
  await expect(reader.getByText('You will receive Bible Study by e-mail.')).toBeVisible();
  // Its own page lists the topic as subscribed.
  await reader.getByRole('link', { name: 'Manage your subscriptions' }).click();
  await expect(reader.getByRole('listitem').filter({ hasText: 'Bible Study' })).toContainText('Subscribed');
  // The link again (with script): confirmed, no button.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm subscription' })).toHaveCount(0);
  await noScript.close();
});

test('/daily-newsletter offers every site topic, each with its own subscription', async ({ page }) => {
  await page.goto('/daily-newsletter');
  const letters = page.getByRole('region', { name: 'More letters from Lamplight' });
  for (const { name, description } of SITE_TOPICS.filter((t) => t.topic !== TOPIC_DAILY_DEVOTIONAL)) {
    const item = letters
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(item).toContainText(description);
    await expect(item.getByRole('button', { name: `Subscribe to ${name}` })).toBeVisible();
  }
  await shoot(page, 'newsletters', 'daily-newsletter');
  await page.setViewportSize(PHONE);
  await shoot(page, 'newsletters', 'daily-newsletter');
  // Nothing sticks out sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const walking = SITE_TOPICS.find((t) => t.topic === 'walking-with-god')!;
  await letters.getByRole('button', { name: 'Subscribe to Walking With God' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Walking With God' });
  await expect(dialog).toContainText(walking.description);
  await shoot(page, 'newsletters', 'daily-newsletter-dialog');
  await dialog.getByLabel('E-mail address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a valid email address.');
  const email = uniqueEmail('walking');
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/static\/subscribe_success$/);
  await confirmFromMail(page, email, 'Walking With God');
});
