import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { unzip } from '#test-support/zip';
import { expect, expectAccessible, signIn, test } from './support/fixtures';

// The complete export (issue 25 item 4): an admin starts it on the admin screen, after a
// confirmation, follows the job, downloads the zip, and it opens with every data file and a README.

test('an admin exports all data, downloads the archive, and it opens', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', '/admin');
  const card = page.getByRole('region', { name: 'Export all data' });
  await expect(card).toBeVisible();
  await expectAccessible(page);

  // Asked first; Cancel starts nothing.
  await card.getByRole('button', { name: 'Export all data' }).click();
  const confirm = page.getByRole('alertdialog', { name: "Export all of the portal's data?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  // The request carries the browser's zone (?tz=), which names the archive by the admin's day.
  const started = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/export' && r.request().method() === 'POST',
  );
  await card.getByRole('button', { name: 'Export all data' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start the export' }).click();
  const { job } = (await (await started).json()) as { job: { id: string } };

  // The job's outcome arrives live: the download link replaces the progress bar.
  const link = card.getByRole('link', { name: /^Download portal-export-\d{4}-\d{2}-\d{2}\.zip/ });
  await expect(link).toBeVisible({ timeout: 90_000 });
  // The focus went to the job's progress, where the link is, not to the page: the button that
  // started it waits, disabled, while the job runs.
  await expect(card.locator('[tabindex="-1"]:focus')).toHaveCount(1);
  // Its progress was reported as it went: rows written of all rows.
  const finished = (await (await page.request.get(`/api/jobs/${job.id}`)).json()) as {
    job: { status: string; progressDone: number; progressTotal: number };
  };
  expect(finished.job.status).toBe('succeeded');
  expect(finished.job.progressTotal).toBeGreaterThan(0);
  expect(finished.job.progressDone).toBe(finished.job.progressTotal);
  await expectAccessible(page);

  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^portal-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const entries = new Map(
    (await unzip(fs.readFileSync((await download.path())!))).map((entry) => [entry.name, entry.data]),
  );
  expect(entries.get('README.md')!.toString('utf8')).toContain('# Complete export of the ministry portal');
  const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
    entities: { name: string; rows: number }[];
  };
  const users = manifest.entities.find((e) => e.name === 'users')!;
  expect(users.rows).toBeGreaterThan(0);
  const csv = parse(entries.get('data/users.csv')!, { bom: true, columns: true }) as Record<string, string>[];
  expect(csv).toHaveLength(users.rows);
  expect(csv.some((row) => row.role === 'admin')).toBe(true);
  expect(JSON.parse(entries.get('data/users.json')!.toString('utf8'))).toHaveLength(users.rows);

  // After a reload the screen still offers the finished export.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Export all data' }).getByRole('link', { name: /^Download portal-export-/ }),
  ).toBeVisible();
});

test('a coordinator with user management sees no export, and the server refuses them', async ({ page }) => {
  await signIn(page, 'manager', '/admin');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Export all data' })).toHaveCount(0);
  expect((await page.request.post('/api/export')).status()).toBe(403);
});
