// Helpers of the specs that write through the editor (writing.spec.ts, community-journey.spec.ts).
import type { Locator, Page } from '@playwright/test';
import { expect, siteHeader } from './fixtures';

/** The editor header's Next, which opens the story's settings (publish, schedule, save a draft). */
export const nextButton = (page: Page): Locator =>
  siteHeader(page).getByRole('button', { name: /^Next: open/ });

/** Opens a new story in the editor and fills its title, excerpt and a paragraph of body text. */
export async function writeStory(
  page: Page,
  story: { title: string; excerpt: string; body: string },
): Promise<Locator> {
  await page.goto('/stories/new-story');
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeEditable();
  await title.fill(story.title);
  await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill(story.excerpt);
  const body = page.getByRole('textbox', { name: 'Story body' });
  await body.click();
  await page.keyboard.type(story.body);
  return body;
}
