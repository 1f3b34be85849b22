// Screenshots for a person to look at (never compared to a baseline), every spec's through here:
// `<SHOTS_DIR>/<area>/<name>-<width>.png`, SHOTS_DIR defaulting to test-results/screenshots (which
// Playwright empties at the start of a run, with the rest of its output folder).
//
// E2E_SCREENSHOTS=0 skips the captures themselves and nothing else: the resizing, the `ready`
// callbacks, the font waits and the scrolling still happen, so a test checks the same things at the
// same widths either way. CI sets it (.ci/run: nobody looks at its PNGs; docs/decisions/056).
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

const DIR = process.env.SHOTS_DIR || path.join('test-results', 'screenshots');
const CAPTURE = process.env.E2E_SCREENSHOTS !== '0';

const file = (page: Page, area: string, name: string) =>
  path.join(DIR, area, `${name}-${page.viewportSize()?.width ?? 0}.png`);

/**
 * Resizes the page and waits until its layout has followed (a frame at the new width): what is
 * measured or shot next is the new layout, not the old one caught mid-resize.
 */
export async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction(
    (width) => new Promise((resolve) => requestAnimationFrame(() => resolve(window.innerWidth === width))),
    viewport.width,
  );
}

export type ShotOptions = {
  /** The whole page; by default yes, unless a dialog is open (its overlay covers only the screen). */
  fullPage?: boolean;
  /** Scrolled into view first (for a shot of the screen only). */
  focus?: Locator;
};

/** One shot at the page's current width, once its web fonts are in. */
export async function shoot(
  page: Page,
  area: string,
  name: string,
  options: ShotOptions = {},
): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await options.focus?.scrollIntoViewIfNeeded();
  if (!CAPTURE) return;
  const fullPage = options.fullPage ?? (await page.getByRole('dialog').count()) === 0;
  await page.screenshot({ path: file(page, area, name), fullPage, animations: 'disabled', caret: 'hide' });
}

/**
 * A shot at DESKTOP, then at PHONE, `ready` awaited after each resize (what must show at that width
 * before the shot); the page is back at DESKTOP afterwards.
 */
export async function shootBoth(
  page: Page,
  area: string,
  name: string,
  { ready, ...options }: ShotOptions & { ready?: () => Promise<unknown> } = {},
): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await resize(page, viewport);
    await ready?.();
    await shoot(page, area, name, options);
  }
  await resize(page, DESKTOP);
}

/** Shots of one part of the page (an element) at DESKTOP and PHONE; back at DESKTOP afterwards. */
export async function shootPart(page: Page, part: Locator, area: string, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await resize(page, viewport);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await part.scrollIntoViewIfNeeded();
    if (CAPTURE)
      await part.screenshot({ path: file(page, area, name), animations: 'disabled', caret: 'hide' });
  }
  await resize(page, DESKTOP);
}
