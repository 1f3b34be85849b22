// Every page of src/app (SPEC §2's routes) passes axe-core's WCAG 2.2 AA rules with no serious or
// critical violation, at desktop width and at 375 px, signed out and — where the page differs for a
// member (the header, and the pages that need a session) — signed in.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { GUIDES, guidePath } from '../../src/lib/guides';
import { expect, expectSignedIn, expectSignedOut, newUserTest, ssoDialog, test } from './fixtures';
import { DESKTOP, PHONE } from './shots';

// Each test only reads its own pages (and makes its own people): the file's tests spread over the
// run's workers instead of keeping one busy for minutes (docs/decisions/056-ci-time.md).
test.describe.configure({ mode: 'parallel' });

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
const VIEWPORTS = [DESKTOP, PHONE];

/** Any id: the publication pages are placeholders that show whatever id they are given. */
const PUBLICATION_ID = '00000000-0000-4000-8000-000000000001';

type Visit = {
  path: string;
  /** What a visitor sees once the page has finished rendering (after hydration and data). */
  ready: (page: Page) => Promise<unknown>;
};

const heading = (page: Page): Locator => page.getByRole('heading', { level: 1 }).first();
/** Pages whose header shows the session (sign-in button or user menu). */
const siteFrame = (signedIn: boolean) => async (page: Page) => {
  await (signedIn ? expectSignedIn(page) : expectSignedOut(page));
  await expect(heading(page)).toBeVisible();
};
/** Pages without the session in a header: the bare pages and the 404 page. */
const headingShown = async (page: Page) => expect(heading(page)).toBeVisible();
/** Pages that need a member: the sign-in dialog opens over them by itself. */
const signInAsked = async (page: Page) => expect(ssoDialog(page)).toBeVisible();
const editor = async (page: Page) => expect(page.getByRole('textbox', { name: 'Story body' })).toBeEditable();

/** Every route of the app as an anonymous visitor sees it. */
const SIGNED_OUT: Visit[] = [
  '/',
  guidePath(GUIDES[0]),
  '/lists',
  '/@gracewhitfield',
  '/search?q=grace',
  '/tags/anxiety',
  '/publications',
  '/publications?languageCode=zh',
  `/publications/${PUBLICATION_ID}`,
  `/publications/${PUBLICATION_ID}/edit`,
  `/publications/admin/${PUBLICATION_ID}`,
  // A seeded publication's page (its collections, stories and people).
  '/daily-bread',
  '/walk-with-god',
  '/static/subscribe_success',
  '/not_a_page',
]
  .map((path): Visit => ({ path, ready: siteFrame(false) }))
  .concat(
    ['/daily-newsletter', '/dailydevotion', '/publication-landing', '/no/such/page'].map((path) => ({
      path,
      ready: headingShown,
    })),
  )
  .concat(
    [
      '/signin',
      '/me',
      '/publications/create',
      '/authors/edit-profile',
      '/stories/new-story',
      '/stories/edit/aaaaaaaaaaaaaaaaaaaaa',
    ].map((path) => ({ path, ready: signInAsked })),
  );

/** Runs axe on the page as it is and fails on any serious or critical WCAG 2.2 AA violation. */
async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  // Legacy mode: axe.run in the page itself. The default (runPartial per frame, then finishRun in a
  // new blank page) opens a page and a renderer per check, which doubled the check's time here; our
  // pages have no frames of our own, and cross-origin ones (embeds) are not ours to check.
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).setLegacyMode().analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }));
  // Soft: the other width is still checked, so one run reports everything there is to fix.
  expect.soft(blocking, `serious or critical WCAG 2.2 AA violations on ${label}`).toEqual([]);
}

/** Waits for every animation that ends (a dialog fading in) to end: axe reads colours as painted. */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Opens the page, waits until it is rendered, and checks it at each width. One load serves both: the
 * layout follows the width through CSS alone (no script of ours reads it — no matchMedia, no
 * innerWidth in src/), so a page narrowed to 375 px is the page a phone loads, and a second load
 * would only repeat the first one's work.
 */
async function checkAtEveryWidth(page: Page, visit: Visit): Promise<void> {
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(visit.path);
  await visit.ready(page);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await animationsDone(page);
    await expectNoSeriousViolations(page, `${visit.path} at ${viewport.width} px`);
  }
}

test.describe('accessibility, signed out', () => {
  for (const visit of SIGNED_OUT) {
    test(`${visit.path} has no serious WCAG 2.2 AA violation`, async ({ page }) => {
      await checkAtEveryWidth(page, visit);
    });
  }

  test('a publication studio asks a signed-out visitor to sign in', async ({ page }) => {
    const listing = await page.request.get('/api/publications?limit=1');
    expect(listing.status(), await listing.text()).toBe(200);
    const [publication] = (await listing.json()).publications as { id: string }[];
    await checkAtEveryWidth(page, { path: `/publications/${publication.id}/studio`, ready: signInAsked });
  });
});

// A new member each time, as one tried it: their own name and initials in the header's avatar.
newUserTest.describe('accessibility, signed in', () => {
  const signedIn = siteFrame(true);
  const pages: Visit[] = [
    { path: '/', ready: signedIn },
    { path: '/stories/new-story', ready: editor },
    { path: '/lists', ready: signedIn },
    { path: '/me', ready: signedIn },
    { path: '/authors/edit-profile', ready: signedIn },
    { path: '/publications/create', ready: signedIn },
  ];
  for (const visit of pages) {
    newUserTest(`${visit.path} has no serious WCAG 2.2 AA violation`, async ({ page }) => {
      await checkAtEveryWidth(page, visit);
    });
  }

  newUserTest('a story of theirs in the editor, and a list of theirs', async ({ page, baseURL }) => {
    const headers = { origin: baseURL! };
    const draft = await page.request.post('/api/posts/new/draft', {
      headers,
      data: { title: 'Accessible draft', excerpt: 'Checked by axe.' },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    const list = await page.request.post('/api/lists/create', {
      headers,
      data: { listName: 'Accessible list', privacyStatus: 'public' },
    });
    expect(list.status(), await list.text()).toBe(201);
    await checkAtEveryWidth(page, { path: `/stories/edit/${(await draft.json()).id}`, ready: editor });
    await checkAtEveryWidth(page, { path: `/lists/${(await list.json()).id}`, ready: signedIn });
  });

  newUserTest('the studio of a publication of theirs', async ({ page, baseURL }) => {
    const headers = { origin: baseURL! };
    const created = await page.request.post('/api/publications/create', {
      headers,
      data: {
        name: 'Accessible publication',
        description: 'Checked by axe.',
        subdomain: `axe-${Date.now().toString(36)}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const publicationId = (await created.json()).id as string;
    const collection = await page.request.post('/api/collections/create', {
      headers,
      data: { publicationId, name: 'Axe readings' },
    });
    expect(collection.status(), await collection.text()).toBe(201);
    const story = await page.request.post('/api/posts/new/publish', {
      headers,
      data: {
        title: 'Accessible story',
        excerpt: 'Checked by axe.',
        publicationId,
        collectionId: (await collection.json()).id,
      },
    });
    expect(story.status(), await story.text()).toBe(201);
    const studio = `/publications/${publicationId}/studio`;
    // Under review is empty (its empty state); Published lists the story with its Unpublish action.
    await checkAtEveryWidth(page, { path: studio, ready: signedIn });
    await checkAtEveryWidth(page, {
      path: `${studio}?tab=published`,
      ready: async (visitor) => {
        await signedIn(visitor);
        await expect(visitor.getByRole('heading', { name: 'Accessible story' })).toBeVisible();
      },
    });
  });
});

// Issue 10: the publication dialogs over a page, and a publication's page as its owner sees it.
newUserTest.describe('accessibility, publications', () => {
  const dialogShown = (name: string) => async (page: Page) => {
    await expect(page.getByRole('dialog', { name })).toBeVisible();
  };

  newUserTest('the new-publication dialog and an owner’s publication page', async ({ page, baseURL }) => {
    await checkAtEveryWidth(page, {
      path: '/',
      ready: async (visitor) => {
        await expectSignedIn(visitor);
        await visitor.getByRole('button', { name: /^Account menu for / }).click();
        await visitor.getByRole('menuitem', { name: 'New publication' }).click();
        await dialogShown('New publication')(visitor);
      },
    });
    const subdomain = `axe-home-${Date.now().toString(36)}`;
    const created = await page.request.post('/api/publications/create', {
      headers: { origin: baseURL! },
      data: { name: 'Accessible home', description: 'Checked by axe.', subdomain },
    });
    expect(created.status(), await created.text()).toBe(201);
    // Empty: its friendly empty state and the owner's Studio / Admin / Edit profile links.
    await checkAtEveryWidth(page, { path: `/${subdomain}`, ready: siteFrame(true) });
  });

  newUserTest('the publication popup', async ({ page, context }) => {
    await context.clearCookies({ name: 'lastShowedAt' });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/publications');
      await dialogShown('Introducing publications')(page);
      await animationsDone(page);
      await expectNoSeriousViolations(page, `the publication popup at ${viewport.width} px`);
      await context.clearCookies({ name: 'lastShowedAt' });
    }
  });
});

// Issue 10: a publication's edit page and admin area as its owner sees them, and their dialogs. One
// test per page or dialog, each with its own publication: a slow run retries one view, not nine.
newUserTest.describe('accessibility, publication management', () => {
  /** A publication of the signed-in member's, with a collection and the shared user as an author. */
  async function managedPublication(page: Page, origin: string, authorId: string): Promise<string> {
    const headers = { origin };
    const created = await page.request.post('/api/publications/create', {
      headers,
      data: {
        name: 'Accessible admin',
        description: 'Checked by axe.',
        subdomain: `axe-admin-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).id as string;
    const collection = await page.request.post('/api/collections/create', {
      headers,
      data: { publicationId: id, name: 'Axe readings', description: 'Checked by axe.' },
    });
    expect(collection.status(), await collection.text()).toBe(201);
    const added = await page.request.post('/api/publications/addContributorByUserId', {
      headers,
      data: { userId: authorId, publicationId: id, userRole: 'publication_author' },
    });
    expect(added.status(), await added.text()).toBe(201);
    return id;
  }

  const titled = async (visitor: Page) => {
    await expectSignedIn(visitor);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Accessible admin' })).toBeVisible();
  };
  const click = (name: string) => (visitor: Page) => visitor.getByRole('button', { name }).click();

  newUserTest('the edit page', async ({ page, baseURL, sharedUser }) => {
    const id = await managedPublication(page, baseURL!, sharedUser.id);
    await checkAtEveryWidth(page, { path: `/publications/${id}/edit`, ready: titled });
  });

  newUserTest('the admin area', async ({ page, baseURL, sharedUser }) => {
    const id = await managedPublication(page, baseURL!, sharedUser.id);
    await checkAtEveryWidth(page, { path: `/publications/admin/${id}`, ready: titled });
  });

  /** Each dialog of the admin area, and how a visitor opens it (`name` is the member's name). */
  const dialogs: { dialog: string; open: (visitor: Page, name: string) => Promise<void> }[] = [
    { dialog: 'Publication menu', open: click('Publication menu') },
    { dialog: 'Add author', open: click('Add author') },
    { dialog: 'Add editor', open: click('Add editor') },
    { dialog: 'Author', open: (visitor, name) => click(`Manage ${name}`)(visitor) },
    {
      dialog: 'Change user role',
      open: async (visitor, name) => {
        await click(`Manage ${name}`)(visitor);
        await click('Change user role')(visitor);
      },
    },
    {
      dialog: 'Remove author',
      open: async (visitor, name) => {
        await click(`Manage ${name}`)(visitor);
        await click('Remove the author')(visitor);
      },
    },
    { dialog: 'Delete publication', open: click('Delete publication') },
  ];
  for (const { dialog, open } of dialogs) {
    newUserTest(`the admin area's ${dialog} dialog`, async ({ page, baseURL, sharedUser }) => {
      const id = await managedPublication(page, baseURL!, sharedUser.id);
      await checkAtEveryWidth(page, {
        path: `/publications/admin/${id}`,
        ready: async (visitor) => {
          await titled(visitor);
          await open(visitor, sharedUser.name);
          await expect(visitor.getByRole('dialog', { name: dialog })).toBeVisible();
        },
      });
    });
  }
});
