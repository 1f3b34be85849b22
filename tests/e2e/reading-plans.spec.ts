// Issue 24 item 5 in Chromium, as people would (docs/decisions/050-reading-plans.md): a publication's
// owner makes a reading plan from a collection in the publication admin; a reader, signed out, starts
// it from its page with a send time a couple of minutes ahead in Tokyo, confirms the address from the
// mail (double opt-in), and the first day arrives through the SMTP sink (the one playwright.config.ts
// gives the server as SMTP_URL) at that local time, not before; the mail's link opens the plan page,
// and marking the day read moves the progress bar. A signed-in reader starts one at once and finds it
// in /me's "Reading plans". Screenshots at 1280 and 375 px of the plan page, the owner's section and
// the /me section: test-results/screenshots/reading-plans/.
import { type APIRequestContext, type Page } from '@playwright/test';
import { linkIn } from '../helpers/smtp-sink';
import { createStory, expect, expectSignedOut, newUserTest, uniqueEmail } from './fixtures';
import { e2eMailSink, type E2eMailbox } from './mail-sink';
import { shootBoth, shootPart } from './shots';

let sink: E2eMailbox;

newUserTest.beforeAll(async () => {
  sink = await e2eMailSink();
});

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** A publication of the signed-in user with a collection of two published stories, oldest first. */
async function publicationWithStories(request: APIRequestContext, baseURL: string) {
  const headers = { origin: baseURL };
  const subdomain = `plans-${stamp()}`;
  const created = await request.post('/api/publications/create', {
    headers,
    data: {
      name: `Quiet Hours ${subdomain.slice(-4)}`,
      description: 'Slow mornings.',
      subdomain,
      languageCode: 'en',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const publication = (await created.json()) as { id: string; name: string; subdomain: string };
  const collection = await request.post('/api/collections/create', {
    headers,
    data: { publicationId: publication.id, name: `Dawn ${stamp()}`, description: 'Psalms at first light.' },
  });
  expect(collection.status(), await collection.text()).toBe(201);
  const { id: collectionId, name: collectionName } = (await collection.json()) as {
    id: string;
    name: string;
  };
  const stories = [];
  for (const [title, text] of [
    ['The Shepherd', 'The Lord is my shepherd; I lack nothing.'],
    ['Still Waters', 'He leads me beside quiet waters.'],
  ]) {
    stories.push(
      await createStory(request, baseURL, {
        title: `${title} ${stamp()}`,
        excerpt: text,
        bodyHtml: `<p>${text}</p>`,
        publicationId: publication.id,
        collectionId,
        tags: [],
      }),
    );
  }
  return { publication, collectionId, collectionName, stories };
}

/** The next whole minute at least `aheadMs` from now: epoch ms and its HH:MM in `timeZone`. */
function localMinuteAhead(aheadMs: number, timeZone: string) {
  const time = Math.ceil((Date.now() + aheadMs) / 60_000) * 60_000;
  const hhmm = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(time);
  return { time, hhmm };
}

/** Full pages from the top (the sticky header then sits where it belongs). */
async function shootPage(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBoth(page, 'reading-plans', name);
}

const progressBar = (page: Page) =>
  page.getByRole('region', { name: 'Your reading plan' }).getByRole('progressbar', { name: 'Days read' });

newUserTest.describe('reading plans', () => {
  newUserTest(
    'an owner makes a plan from a collection; a reader by mail gets day 1 at their local time and marks it read',
    { tag: '@clock' },
    async ({ page, browser, baseURL }) => {
      newUserTest.setTimeout(420_000);
      const { publication, collectionName, stories } = await publicationWithStories(page.request, baseURL!);

      // The owner, in the publication admin: the collection's stories become the days, oldest first.
      await page.goto(`/publications/admin/${publication.id}`);
      const section = page.getByRole('region', { name: 'Reading plans' });
      await expect(section.getByText('No reading plans yet.')).toBeVisible();
      const form = section.getByRole('form', { name: 'New reading plan' });
      await form.getByLabel('Collection').selectOption({ label: collectionName });
      const days = form.getByRole('list', { name: 'Days' });
      await expect(days.getByRole('listitem')).toHaveCount(2);
      await expect(days.getByRole('listitem').nth(0)).toContainText(stories[0]!.title);
      await expect(days.getByRole('listitem').nth(1)).toContainText(stories[1]!.title);
      await expect(form.getByLabel('Title')).toHaveValue(collectionName);
      const title = `Two Dawns ${stamp()}`;
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Passages for day 1').fill('Ps 23; John 10:11');
      await shootPart(page, section, 'reading-plans', 'reading-plans-owner-form');
      await form.getByRole('button', { name: 'Make the reading plan' }).click();
      const item = section
        .getByRole('list', { name: 'Reading plans' })
        .getByRole('listitem', { name: title });
      await expect(item).toBeVisible();
      await expect(item.getByRole('definition')).toHaveText(['0', '0', '0', '0']);
      const planPath = (await item.getByRole('link', { name: title }).getAttribute('href'))!;
      expect(planPath).toMatch(/^\/plans\/[0-9a-f-]{36}$/);
      await shootPart(page, section, 'reading-plans', 'reading-plans-owner');

      // A reader, signed out, opens the plan: its days link to their stories and passages.
      const readerContext = await browser.newContext({
        baseURL,
        extraHTTPHeaders: { 'x-forwarded-for': '10.124.0.7' },
      });
      const reader = await readerContext.newPage();
      await reader.goto(planPath);
      await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
      // The header knows the session once the page has hydrated: the start form's answers are React's.
      await expectSignedOut(reader);
      const dayOne = reader
        .getByRole('list', { name: 'Days of the plan' })
        .getByRole('listitem', { name: 'Day 1' });
      await expect(dayOne.getByRole('link', { name: stories[0]!.title })).toHaveAttribute(
        'href',
        stories[0]!.path,
      );
      await expect(dayOne.getByRole('link', { name: 'Psalm 23' })).toHaveAttribute(
        'href',
        '/scripture/Ps.23',
      );
      await expect(dayOne.getByRole('link', { name: 'John 10:11' })).toHaveAttribute(
        'href',
        '/scripture/John.10.11',
      );

      await shootPage(reader, 'reading-plans-start');

      // … and starts it by mail, each day at a time a couple of minutes ahead in Tokyo.
      const email = uniqueEmail('plan-reader');
      const at = localMinuteAhead(100_000, 'Asia/Tokyo');
      const start = reader.getByRole('form', { name: 'Start this reading plan' });
      await start.getByLabel('E-mail address').fill(email);
      await start.getByLabel('Send each day at').fill(at.hhmm);
      await start.getByLabel('Time zone').selectOption('Asia/Tokyo');
      await start.getByRole('button', { name: 'Start the plan' }).click();
      await expect(reader.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

      // Double opt-in: the newsletters' confirmation mail and page.
      const [confirmation] = await sink.waitFor(
        (m) => m.to.includes(email) && m.subject === `Confirm your subscription to Reading plan: ${title}`,
        { timeoutMs: 30_000 },
      );
      await reader.goto(pathOf(linkIn(confirmation!, '/subscriptions/confirm?token=')));
      await reader.getByRole('button', { name: 'Confirm subscription' }).click();
      await expect(reader.getByRole('heading', { name: 'Your subscription is confirmed' })).toBeVisible();

      // Day 1 arrives at the chosen minute in Tokyo — not before it — once.
      const subject = `Day 1 of 2: ${stories[0]!.title} (${title})`;
      const [mail] = await sink.waitFor((m) => m.to.includes(email) && m.subject === subject, {
        timeoutMs: 200_000,
      });
      expect(Date.now()).toBeGreaterThanOrEqual(at.time);
      expect(mail!.html).toContain('The Lord is my shepherd; I lack nothing.');
      expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(mail!.headers.get('list-unsubscribe')).toMatch(/\/api\/subscriptions\/unsubscribe\?token=/);
      expect(sink.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('Day 2'))).toEqual([]);

      // The mail's link opens the plan; marking the day read moves the progress bar.
      await reader.goto(pathOf(linkIn(mail!, `${planPath}?day=1&token=`)));
      await expect(progressBar(reader)).toHaveAttribute('aria-valuenow', '0');
      await expect(reader.getByText('0 of 2 days read')).toBeVisible();
      await reader.getByRole('button', { name: 'Mark day 1 as read' }).click();
      await expect(progressBar(reader)).toHaveAttribute('aria-valuenow', '1');
      await expect(reader.getByText('1 of 2 days read')).toBeVisible();
      await expect(reader.getByText(/Streak: 1 day/)).toBeVisible();
      await expect(dayOne.getByText('✓ Read')).toBeVisible();
      await expect(reader.getByText(/Day 2 arrives/)).toBeVisible();
      await shootPage(reader, 'reading-plans-page');

      // The owner's figures: one reader started, active (read today).
      await page.reload();
      await expect(item.getByRole('definition')).toHaveText(['1', '1', '0', '0']);
      expect(mailsTo(email, subject)).toHaveLength(1);
      await readerContext.close();
    },
  );

  newUserTest('a signed-in reader starts a plan at once and follows it in /me', async ({ page, baseURL }) => {
    const { publication, collectionId } = await publicationWithStories(page.request, baseURL!);
    // The publication's page, kept by the page cache before the plan exists: no plans on it yet.
    await page.goto(`/${publication.subdomain}`);
    await expect(page.getByRole('heading', { level: 1, name: publication.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Reading plans' })).toHaveCount(0);
    const made = await page.request.post('/api/plans', {
      headers: { origin: baseURL! },
      data: { publicationId: publication.id, collectionId, title: `Evening Psalms ${stamp()}` },
    });
    expect(made.status(), await made.text()).toBe(201);
    const plan = (await made.json()) as { id: string; title: string };

    // Making it moved the page's version: the next render lists it, linking to its page.
    await page.goto(`/${publication.subdomain}`);
    const listed = page.getByRole('region', { name: 'Reading plans' });
    await expect(listed.getByRole('link', { name: plan.title })).toHaveAttribute('href', `/plans/${plan.id}`);
    await expect(listed.getByText('2 days')).toBeVisible();
    await shootPart(page, listed, 'reading-plans', 'reading-plans-publication');

    await page.goto(`/plans/${plan.id}`);
    const start = page.getByRole('form', { name: 'Start this reading plan' });
    await start.getByLabel('Send each day at').fill('06:45');
    await start.getByLabel('Time zone').selectOption('Europe/Oslo');
    await start.getByRole('button', { name: 'Start the plan' }).click();
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByText(/Day 1 arrives .* 06:45/)).toBeVisible();
    // Reading ahead from the list of days.
    await page.getByRole('button', { name: 'Day 2: mark read' }).click();
    await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '1');

    await page.goto('/me');
    const mine = page.getByRole('region', { name: 'Reading plans' });
    const entry = mine.getByRole('listitem', { name: plan.title });
    await expect(entry.getByRole('link', { name: plan.title })).toHaveAttribute('href', `/plans/${plan.id}`);
    await expect(entry.getByRole('progressbar', { name: `Days read of ${plan.title}` })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await expect(entry.getByText('1 of 2 days read')).toBeVisible();
    await shootPage(page, 'reading-plans-me');
    await shootPart(page, mine, 'reading-plans', 'reading-plans-me-section');
  });
});

const mailsTo = (address: string, subject: string) =>
  sink.messages.filter((m) => m.to.includes(address) && m.subject === subject);
