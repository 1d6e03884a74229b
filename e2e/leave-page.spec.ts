import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { expectToast, unique } from './support/portal';

// Decision 0157: a page whose form holds changes not saved asks before the portal leaves it (a
// sidebar link, the browser's Back) and lets the browser ask before the tab closes; a saved or
// untouched form is left at once, and so is a page one is signed out of.

const nav = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true });
const question = (page: Page) => page.getByRole('alertdialog', { name: 'Leave this page?' });

test('the form builder asks before a link or Back drops a half-built form: Stay keeps it, Leave goes', async ({
  page,
}) => {
  await signIn(page, 'admin', '/forms');
  const builder = page.getByRole('form', { name: 'Create Form' });
  const title = builder.getByLabel('Form Title');

  // Untouched: the link goes at once.
  await expect(title).toBeVisible();
  await nav(page, 'Tasks').click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(question(page)).toBeHidden();
  await page.goBack();
  await expect(page).toHaveURL(/\/forms$/);

  // A field added with no title yet is work too.
  await builder.getByLabel('Field Label').fill('Full name');
  await builder.getByRole('button', { name: 'Add Field' }).click();
  await nav(page, 'Tasks').click();
  await expect(question(page)).toBeVisible();
  await expect(question(page)).toContainText('Changes you made on this page have not been saved.');
  await expect(question(page).getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await expectAccessible(page);
  await question(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(/\/forms$/);
  await expect(builder.getByLabel('Field 1 label')).toHaveValue('Full name');

  // The browser's Forward (back to Tasks) asks too; Escape stays.
  await title.fill('Volunteer sign-up');
  await page.goForward();
  await expect(question(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question(page)).toBeHidden();
  await expect(page).toHaveURL(/\/forms$/);
  await expect(title).toHaveValue('Volunteer sign-up');

  // Leave goes, and the half-built form is gone, as chosen.
  await nav(page, 'Tasks').click();
  await question(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  // The address changes before the form page unmounts; Back in between would return to it whole
  // (the next test), so wait for the Tasks page itself.
  await expect(page.getByRole('heading', { name: 'Task Management' })).toBeVisible();
  await page.goBack();
  await expect(title).toHaveValue('');
  await expect(builder.getByText('No fields yet. Add the first one below.')).toBeVisible();

  // Saved: nothing is left to lose, so the link goes at once.
  await title.fill(unique('Leave-page form'));
  await builder.getByLabel('Field Label').fill('Email');
  await builder.getByRole('button', { name: 'Add Field' }).click();
  await builder.getByRole('button', { name: 'Create Form' }).click();
  await expectToast(page, 'Form created successfully!');
  await nav(page, 'Tasks').click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(question(page)).toBeHidden();
});

test('Back pressed the moment Leave changes the address goes back to the page, with no second question', async ({
  page,
}) => {
  await signIn(page, 'admin', '/forms');
  const builder = page.getByRole('form', { name: 'Create Form' });
  await builder.getByLabel('Form Title').fill('Volunteer sign-up');
  await nav(page, 'Tasks').click();
  await expect(question(page)).toBeVisible();
  // The address changes before the page being left has unmounted: Back comes in between.
  await page.evaluate(() => {
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      push(...args);
      history.pushState = push;
      history.back();
    };
  });
  await question(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/forms$/);
  await expect(builder.getByLabel('Form Title')).toBeVisible();
  await expect(question(page)).toBeHidden();
});

test('Edit Form asks before another form replaces its unsaved changes', async ({ page }) => {
  await signIn(page, 'admin', '/forms');
  const first = unique('Harvest dinner');
  const second = unique('Prayer chain');
  for (const title of [first, second]) {
    const answer = await page.request.post('/api/forms', {
      data: { title, fields: [{ id: 'name', label: 'Name', type: 'text' }] },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
  await page.reload();
  const item = (title: string) =>
    page.getByRole('list', { name: 'Team forms' }).getByRole('listitem').filter({ hasText: title });
  const editor = page.getByRole('form', { name: 'Edit Form' });
  const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });

  // Opened and looked at, not changed: another form opens at once.
  await item(first)
    .getByRole('button', { name: `Edit ${first}` })
    .click();
  await expect(editor.getByLabel('Form Title')).toHaveValue(first);
  await item(second)
    .getByRole('button', { name: `Edit ${second}` })
    .click();
  await expect(editor.getByLabel('Form Title')).toHaveValue(second);
  await expect(discard).toBeHidden();

  await editor.getByLabel('Form Title').fill(`${second} (draft)`);
  // The same form's Edit keeps the changes without asking.
  await item(second)
    .getByRole('button', { name: `Edit ${second}` })
    .click();
  await expect(discard).toBeHidden();
  await expect(editor.getByLabel('Form Title')).toHaveValue(`${second} (draft)`);

  await item(first)
    .getByRole('button', { name: `Edit ${first}` })
    .click();
  await expect(discard).toBeVisible();
  await expect(discard).toContainText(`Your changes to ${second} have not been saved.`);
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(editor.getByLabel('Form Title')).toHaveValue(`${second} (draft)`);

  await item(first)
    .getByRole('button', { name: `Edit ${first}` })
    .click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(editor.getByLabel('Form Title')).toHaveValue(first);
  // Nothing of the discarded draft was saved.
  await expect(item(second)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Team forms' })).not.toContainText(`${second} (draft)`);
});

test("Settings keeps a typed name across its tabs; closing the tab gets the browser's question; signing out does not ask", async ({
  page,
}) => {
  await signIn(page, 'coordinator', '/settings');
  const name = page.getByLabel('Display Name');
  const before = await name.inputValue();
  await name.click();
  await page.keyboard.type(' (away)');

  // Another tab and back: the typed name is still there.
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(name).toBeHidden();
  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(name).toHaveValue(`${before} (away)`);

  // Closing the browser's tab: the browser asks. Staying keeps the page and what was typed.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(name).toHaveValue(`${before} (away)`);

  // A link within the portal asks in the portal's own words.
  await nav(page, 'Tasks').click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Stay on this page' }).click();

  // Signing out is a choice to go: it does not ask, and lands on the sign-in page.
  await page.getByRole('tabpanel', { name: 'Profile' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(question(page)).toBeHidden();
});

test('a message typed in the chat, not sent, is asked about before leaving; once sent, the chat is left at once', async ({
  page,
}) => {
  await signIn(page, 'admin', '/chat');
  const channel = (name: string) =>
    page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: `# ${name}` });
  const message = unique('Half a thought');
  await channel('Event Volunteers').click();
  const box = page.getByPlaceholder('Message #Event Volunteers');
  await box.fill(message);
  // Another channel keeps the draft where it was, and leaving the chat still asks.
  await channel('General Partners').click();
  await expect(page.getByPlaceholder('Message #General Partners')).toHaveValue('');
  await nav(page, 'Files').click();
  await expect(question(page)).toBeVisible();
  await question(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/chat/);

  await channel('Event Volunteers').click();
  await expect(box).toHaveValue(message);
  await box.press('Enter');
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(message)).toBeVisible();
  await expect(box).toHaveValue('');
  await nav(page, 'Files').click();
  await expect(page).toHaveURL(/\/files$/);
  await expect(question(page)).toBeHidden();
});

test("a partner answering a public form gets the browser's question on closing the tab; once sent, none", async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin', '/forms');
  const answer = await page.request.post('/api/forms', {
    data: { title: unique('Retreat sign-up'), fields: [{ id: 'name', label: 'Your name', type: 'text' }] },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { publicToken } = ((await answer.json()) as { form: { publicToken: string } }).form;

  // A partner, not signed in, in a window of their own.
  const context = await browser.newContext();
  const partner = await context.newPage();
  try {
    await partner.goto(`/f/${publicToken}`);
    const name = partner.getByLabel(/Your name/);
    await name.click();
    await partner.keyboard.type('Ruth Okafor');
    const asked = partner.waitForEvent('dialog');
    await partner.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(name).toHaveValue('Ruth Okafor');

    await partner.getByRole('button', { name: /Submit/ }).click();
    await expect(partner.getByText('Thank you', { exact: true })).toBeVisible();
    // Sent: closing asks nothing, and the window closes.
    partner.on('dialog', (unexpected) => void unexpected.dismiss());
    const closed = partner.waitForEvent('close');
    await partner.close({ runBeforeUnload: true });
    await closed;
  } finally {
    await context.close();
  }
});

test("closing the tab while files are still uploading gets the browser's question; a link lets them go on", async ({
  page,
}) => {
  await signIn(page, 'admin', '/files');
  // The server's answer to the upload is held back, so the upload is still under way.
  let letThrough: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route('**/api/files?folder=*', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await held;
    await route.continue();
  });
  const name = `${unique('minutes')}.txt`.replace(/ /g, '-');
  await page.getByTestId('upload-input').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from('Minutes of the board meeting'),
  });
  await expect(page.getByRole('progressbar')).toBeVisible();

  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();

  // The portal's own links do not ask: the upload goes on from another page, and says when done.
  await nav(page, 'Tasks').click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(question(page)).toBeHidden();
  letThrough();
  await expectToast(page, 'Files uploaded successfully');
  await nav(page, 'Files').click();
  await expect(page.getByRole('main').getByText(name)).toBeVisible();

  // Nothing under way: the tab closes without a question.
  page.on('dialog', (unexpected) => void unexpected.dismiss());
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;
});
