import path from 'node:path';
import type { Page } from '@playwright/test';

/** Full-page screenshots at 1280 and 375 px into `dir` as `<name>-<width>.png`, for a person to look at. */
export async function shootBoth(page: Page, dir: string, name: string): Promise<void> {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({
      path: path.join(dir, `${name}-${viewport.width}.png`),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
