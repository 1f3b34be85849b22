// Issue 23: a writer moves in from WordPress. On /me/import they choose the WXR file, see the dry run
// (what will be created, what skipped and why), confirm, watch the progress bar, read the report,
// and find the stories on their home page with their original dates. Screenshots at 1280 and 375 px
// go to test-results/screenshots/imports/ for a person to look at.
import { expect, newUserTest, test } from './fixtures';
import { shootBoth } from './shots';

const cdata = (text: string) => `<![CDATA[${text}]]>`;

/** A WordPress export (WXR 1.2) of `count` posts, the first dated 6 May 2014, plus a page. */
function wxr(tag: string, count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2014, 4, 6, 7, 8, 9) + i * 86_400_000 * 40)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    return `<item>
  <title>${cdata(`${tag} story ${i + 1}`)}</title>
  <link>https://old.example.org/${tag}-${i + 1}/</link>
  <dc:creator>${cdata('admin')}</dc:creator>
  <content:encoded>${cdata(`<!-- wp:paragraph --><p>Paragraph of story ${i + 1}, brought over from WordPress.</p><!-- /wp:paragraph -->`)}</content:encoded>
  <excerpt:encoded>${cdata('')}</excerpt:encoded>
  <wp:post_id>${i + 1}</wp:post_id>
  <wp:post_date>${cdata(date)}</wp:post_date>
  <wp:post_date_gmt>${cdata(date)}</wp:post_date_gmt>
  <wp:post_name>${cdata(`${tag}-story-${i + 1}`)}</wp:post_name>
  <wp:status>${cdata('publish')}</wp:status>
  <wp:post_type>${cdata('post')}</wp:post_type>
  <wp:post_password>${cdata('')}</wp:post_password>
  <category domain="post_tag" nicename="moving">${cdata('Moving')}</category>
</item>`;
  });
  items.push(
    `<item><title>${cdata('About')}</title><wp:post_id>999</wp:post_id><wp:status>${cdata('publish')}</wp:status><wp:post_type>${cdata('page')}</wp:post_type><content:encoded>${cdata('<p>About</p>')}</content:encoded></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Old blog</title><link>https://old.example.org</link><wp:wxr_version>1.2</wp:wxr_version>
${items.join('\n')}
</channel></rss>`;
}

test('signed out, /me/import asks to sign in', async ({ page }) => {
  await page.goto('/me/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('button', { name: 'Sign in or create an account' }),
  ).toBeVisible();
});

newUserTest(
  'a writer imports a WordPress export: dry run, confirm, progress, report, stories on their home with original dates',
  async ({ page }) => {
    test.setTimeout(120_000);
    const tag = `moved${Date.now().toString(36)}`;
    await page.goto('/me/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
    await page.getByLabel('Export file').setInputFiles({
      name: 'oldblog.WordPress.2024-01-01.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(wxr(tag, 12)),
    });
    await page.getByRole('checkbox', { name: 'Use the original address as the canonical link' }).check();
    await page.getByRole('button', { name: 'Check the file' }).click();

    // The dry run: twelve stories to create, the page skipped with its reason.
    const dryRun = page.getByTestId('import-dry-run');
    await expect(dryRun).toContainText(
      '12 stories will be created, 1 skipped — from a WordPress (WXR) export.',
    );
    await expect(dryRun.getByRole('row', { name: /About/ })).toContainText('Skip: Pages are not stories');
    await expect(dryRun.getByRole('row', { name: new RegExp(`${tag} story 1 `) })).toContainText(
      'May 6, 2014',
    );
    await shootBoth(page, 'imports', 'import-dry-run');

    await page.getByRole('button', { name: 'Confirm: import 12 stories' }).click();
    const progress = page.getByTestId('import-progress');
    await expect(progress).toBeVisible();
    await expect(page.getByText('Import finished')).toBeVisible({ timeout: 60_000 });
    await expect(progress).toHaveAttribute('value', '13');
    const report = page.getByTestId('import-report');
    await expect(report).toContainText('12 stories imported, 1 skipped.');
    await shootBoth(page, 'imports', 'import-report');

    // Home (a writer without an address of their own: their studio): the stories, newest first, each
    // with the date it had on WordPress (story n was published 40 × (n − 1) days after 6 May 2014).
    await report.getByRole('link', { name: 'Go to your home page' }).click();
    const newest = page.getByRole('listitem').filter({ hasText: `${tag} story 12` });
    await expect(newest).toContainText('Published Jul 20, 2015');
    await expect(page.getByRole('listitem').filter({ hasText: `${tag} story 7` })).toContainText(
      'Published Jan 1, 2015',
    );
    await shootBoth(page, 'imports', 'import-home');
  },
);
