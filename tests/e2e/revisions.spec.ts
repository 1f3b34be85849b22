// Story revisions (issue 23 item 4; docs/decisions/039-story-revisions.md) as a writer uses them: a
// published story edited twice in the editor (each republish a version of its own), the History
// dialog showing the versions and what changed, the first version restored, and the public story
// page showing it to a reader who is not signed in. Screenshots of the History dialog at 1280 and
// 375 px go to test-results/screenshots/revisions/ for a person to look at.
import type { Page } from '@playwright/test';
import { createStory, expect, newUserTest, siteHeader, test } from './fixtures';
import { shootBoth } from './shots';

const nextButton = (page: Page) => siteHeader(page).getByRole('button', { name: /^Next: open/ });
const storyBody = (page: Page) => page.getByRole('textbox', { name: 'Story body' });
const historyDialog = (page: Page) => page.getByRole('dialog', { name: 'Story history' });
const versions = (page: Page) =>
  historyDialog(page).getByRole('navigation', { name: 'Versions' }).getByRole('listitem');

const FIRST = 'The first version of this story, written at dawn.';

/** Opens the editor, adds `words` at the end of the body and republishes (back on the story page). */
async function editAndRepublish(page: Page, storyId: string, title: string, words: string): Promise<void> {
  await page.goto(`/stories/edit/${storyId}`);
  const body = storyBody(page);
  await expect(body).toContainText(FIRST);
  await body.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(words);
  await nextButton(page).click();
  await page.getByRole('dialog', { name: 'Update story' }).getByRole('button', { name: 'Republish' }).click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(words.trim())).toBeVisible();
}

test.describe('story revisions', () => {
  newUserTest(
    'a writer edits a story, opens its history, restores the first version, and readers see it',
    async ({ page, baseURL, browser }) => {
      const title = `Versions of grace ${Date.now().toString(36)}`;
      const story = await createStory(page.request, baseURL!, {
        title,
        excerpt: 'A story that changes, and changes back.',
        bodyJson: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: FIRST }] }] },
      });
      await editAndRepublish(page, story.id, title, ' Second thoughts at noon.');
      await editAndRepublish(page, story.id, title, ' Third thoughts at dusk.');

      await page.goto(`/stories/edit/${story.id}`);
      await expect(storyBody(page)).toContainText('Third thoughts at dusk.');
      await shootBoth(page, 'revisions', 'editor-history-button', { fullPage: false });
      await page.getByRole('button', { name: 'History', exact: true }).click();
      const dialog = historyDialog(page);
      await expect(dialog).toBeVisible();
      // The story went out three times: each publish is a version of its own, newest first.
      await expect(versions(page)).toHaveCount(3);
      await expect(versions(page).nth(0)).toContainText('Published');
      await expect(dialog.getByText('Choose a version to see it and what changed since.')).toBeVisible();

      // The oldest: what the two edits added is what restoring it takes away.
      await versions(page).nth(2).getByRole('button').click();
      const bodyChanges = dialog.getByRole('region', { name: 'Body' });
      await expect(bodyChanges).toContainText(FIRST);
      await expect(bodyChanges.locator('del').first()).toBeVisible();
      const removed = (await bodyChanges.locator('del').allTextContents()).join(' ');
      expect(removed).toContain('Second thoughts at noon.');
      expect(removed).toContain('Third thoughts at dusk.');
      expect(removed).not.toContain('written at dawn');
      await expect(bodyChanges.locator('ins')).toHaveCount(0);
      await expect(dialog.getByRole('region', { name: 'Title' })).toContainText('unchanged');
      await shootBoth(page, 'revisions', 'history-dialog', { fullPage: false });

      await dialog.getByRole('button', { name: 'Restore this version' }).click();
      const confirm = dialog.getByRole('group', { name: 'Confirm the restore' });
      await expect(confirm).toContainText('goes live at once');
      await shootBoth(page, 'revisions', 'history-confirm', { fullPage: false, focus: confirm });
      await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
      await expect(dialog).toBeHidden({ timeout: 20_000 });

      // The editor shows the restored content, and knows the story's new version: a save goes through.
      const body = storyBody(page);
      await expect(body).toContainText(FIRST);
      await expect(body).not.toContainText('Second thoughts');
      await expect(body).not.toContainText('Third thoughts');
      await page.getByRole('button', { name: 'History', exact: true }).click();
      await expect(versions(page)).toHaveCount(4);
      await expect(versions(page).nth(0)).toContainText('Restored');
      await historyDialog(page).getByRole('button', { name: 'Close dialog' }).click();
      await expect(historyDialog(page)).toBeHidden();

      // A reader who is not signed in sees the first version on the story page.
      const reader = await browser.newContext({ baseURL });
      try {
        const readerPage = await reader.newPage();
        await readerPage.goto(story.path);
        await expect(readerPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        await expect(readerPage.getByText(FIRST)).toBeVisible();
        await expect(readerPage.getByText('Second thoughts at noon.')).toHaveCount(0);
        await expect(readerPage.getByText('Third thoughts at dusk.')).toHaveCount(0);
      } finally {
        await reader.close();
      }
    },
  );
});
