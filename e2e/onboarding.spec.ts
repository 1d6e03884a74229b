import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { holdRequests } from './support/hold-requests';
import { USERS } from './support/users';

/** A few seconds of WebM recorded by Chromium from a canvas (MediaRecorder). */
const VIDEO = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'onboarding-step.webm');
const FIRST = 'Getting Started as a Coordinator';

test('an admin uploads a video, a coordinator plays, seeks and finishes it, and User Management shows the progress', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  await page.goto('/onboarding');
  const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: FIRST }) });
  await expect(first).toContainText('Video coming soon');

  // A first try is cancelled on its way (its request held before it reaches the server).
  const hold = await holdRequests(page, '**/api/onboarding/steps/*/video', { abort: true });
  await first.getByTestId('video-input').setInputFiles(VIDEO);
  await expect(first.getByRole('progressbar', { name: `Uploading video for ${FIRST}` })).toBeVisible();
  await first.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByText(`${FIRST} still has no video.`)).toBeVisible();
  await expect(first.getByRole('button', { name: 'Upload video' })).toBeFocused();
  await expect(first).toContainText('Video coming soon');
  await hold.release();

  await first.getByTestId('video-input').setInputFiles(VIDEO);
  await expect(page.getByText('Video uploaded', { exact: true })).toBeVisible();
  // The button was disabled while the video went: the focus comes back to it, now Replace video.
  await expect(first.getByRole('button', { name: 'Replace video' })).toBeFocused();
  await expect(first.locator('video')).toBeVisible();
  await expect(first).not.toContainText('Video coming soon');
  await expectAccessible(page);

  // The coordinator, in their own browser.
  const theirs = await browser.newContext();
  const coordinator = await theirs.newPage();
  await signIn(coordinator, 'coordinator');
  await expect(coordinator.getByRole('link', { name: 'Continue onboarding' })).toBeVisible();
  await coordinator.getByRole('link', { name: 'Continue onboarding' }).click();
  await expect(coordinator).toHaveURL(/\/onboarding$/);
  await expect(coordinator.getByText('0 of 4 steps done')).toBeVisible();
  const step = coordinator.getByRole('listitem').filter({ has: coordinator.getByRole('heading', { name: FIRST }) });
  const video = step.locator('video');

  // Chromium really plays it: the position moves.
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(Number.isFinite(duration) && duration > 2).toBe(true);

  // Paused after a second, then back another time: the video starts where it was left.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(1.2);
  const reported = coordinator.waitForResponse(
    (response) => response.url().includes('/api/onboarding/') && response.request().method() !== 'GET',
  );
  const left = await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });
  expect((await reported).ok()).toBe(true);
  await coordinator.reload();
  await expect(step.getByTestId('video-progress')).toHaveText(
    // Where it was paused: a second or two in (a busy machine played on to 0:02 before the pause).
    /^Watched 0:0[12] of 0:0\d: the video continues from there\.$/,
  );
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.currentTime : -1)), {
      timeout: 10_000,
    })
    .toBeCloseTo(left, 0);

  // Seek (the browser asks for a byte range), then watch to the end.
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration * 0.5;
  });
  await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        if (v.ended) resolve();
        else v.addEventListener('ended', () => resolve(), { once: true });
        void v.play();
      }),
  );
  await expect(step.getByText('Done', { exact: true })).toBeVisible();
  await expect(coordinator.getByText('1 of 4 steps done')).toBeVisible();
  await expect(step.getByRole('button', { name: 'Mark as done' })).toHaveCount(0);

  // A link step is marked done by hand.
  const second = coordinator.getByRole('listitem').filter({
    has: coordinator.getByRole('heading', { name: 'Understanding Cardholder Needs' }),
  });
  await second.getByRole('button', { name: 'Mark as done' }).click();
  await expect(coordinator.getByText('2 of 4 steps done')).toBeVisible();
  // A Done badge replaces the button: the focus goes to the step's title, not the page.
  await expect(second.getByRole('heading', { name: 'Understanding Cardholder Needs' })).toBeFocused();
  await theirs.close();

  // The admin sees it in User Management.
  await page.goto('/admin');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: USERS.coordinator.email }) });
  await expect(item).toContainText('Onboarding 2/4');
  await expect(
    item.getByRole('progressbar', { name: `Onboarding progress of ${USERS.coordinator.email}` }),
  ).toHaveAttribute('aria-valuenow', '2');
});

// Every spec shares one server, and e2e/more.spec.ts checks the four default steps in order: this
// test refuses a bad link and leaves the list as it was (adding, moving and deleting steps are
// checked in src/server/features/onboarding/onboarding.int.test.ts).
test('the add-step form refuses an address that is not a web page', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Add step' }).click();
  const form = page.getByRole('form', { name: 'Add a step' });
  // The button pressed goes with the form's opening: its title takes the focus.
  await expect(form.getByLabel('Title')).toBeFocused();
  await form.getByLabel('Title').fill('Safeguarding');
  await form.getByLabel('Video link (optional)').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Add step' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a full http:// or https:// address of the video page');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Add step' })).toBeFocused();
  await expect(page.getByRole('list', { name: 'Onboarding steps' }).getByRole('listitem')).toHaveCount(4);
  // The step tools are buttons a keyboard reaches.
  const first = page.getByRole('group', { name: 'Manage Getting Started as a Coordinator' });
  await expect(first.getByRole('button', { name: 'Move Getting Started as a Coordinator up' })).toBeDisabled();
  await expect(first.getByRole('button', { name: 'Move Getting Started as a Coordinator down' })).toBeEnabled();
});
