import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { createPartnerViaApi, expectToast, searchPartners, unique } from './support/portal';

// A partner's contact log, timeline and follow-ups (issue 20 items 1 and 2).

const cardNamed = (page: Page, name: string) =>
  page.getByTestId('partner-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openDetails(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partners' }).click();
  await searchPartners(page, name);
  await cardNamed(page, name)
    .getByRole('button', { name: /View Details/ })
    .click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toBeVisible();
  return details;
}

const lastContact = (details: ReturnType<Page['getByRole']>) =>
  details.getByText('Last contact', { exact: true }).locator('xpath=following-sibling::dd');

test.describe('partner relationships', () => {
  test('logging a call updates last contact and the timeline, here and in another tab', async ({ page, context }) => {
    await signIn(page, 'coordinator');
    const partner = await createPartnerViaApi(page, { name: unique('Contact Log'), email: 'log@partners.example.org' });
    const details = await openDetails(page, partner.name);
    // The coordinator has no Giving Records: the dialog does not promise gifts.
    await expect(details).toHaveAccessibleDescription('Partner details, tasks and timeline.');
    await expect(lastContact(details)).toHaveText('Not given');
    const timeline = details.getByRole('list', { name: 'Timeline entries' });
    await expect(timeline.getByText('Added the partner')).toBeVisible();

    // A second tab on the same partner, by address, follows over the realtime stream.
    const other = await context.newPage();
    await other.goto(`/partners?partner=${partner.id}`);
    const otherDetails = other.getByRole('dialog', { name: partner.name });
    await expect(otherDetails.getByText('Added the partner')).toBeVisible();

    // Keyboard only: the kind, the date and the text, then Enter on the button.
    const form = details.getByRole('form', { name: 'Log contact' });
    await form.getByLabel('Kind of contact').focus();
    await form.getByLabel('Kind of contact').selectOption('call');
    await expect(form.getByLabel('Date of contact')).not.toHaveValue('');
    await form.getByLabel('Date of contact').fill('2025-03-14');
    await form.getByLabel('What happened').fill('Called to thank them for the Christmas gift.');
    await form.getByRole('button', { name: 'Log contact' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Contact logged');
    // The button was disabled while it saved and dropped the focus to the page; it keeps it now.
    await expect(form.getByRole('button', { name: 'Log contact' })).toBeFocused();

    await expect(lastContact(details)).toHaveText('Mar 14, 2025');
    await expect(timeline.locator('[data-timeline-source="contact"]')).toContainText(
      'Called to thank them for the Christmas gift.',
    );
    await expect(timeline.locator('[data-timeline-source="contact"]')).toContainText('Logged by Sam Coordinator');
    await expect(form.getByLabel('What happened')).toHaveValue('');
    await expectAccessible(page);

    await expect(otherDetails.getByText('Called to thank them for the Christmas gift.')).toBeVisible();
    await expect(lastContact(otherDetails)).toHaveText('Mar 14, 2025');

    // A date after today is refused with the rule's message, and nothing changes.
    await form.getByLabel('Date of contact').fill('2999-01-01');
    await form.getByLabel('What happened').fill('From the future');
    await form.getByRole('button', { name: 'Log contact' }).click();
    await expect(form.getByText('The date cannot be after today')).toBeVisible();
    await expect(lastContact(details)).toHaveText('Mar 14, 2025');

    // Deleting the entry asks first; last contact follows the log again.
    const remove = details.getByRole('button', { name: 'Delete call of Mar 14, 2025' });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete contact entry?' });
    // The date as every screen writes it: it read "dec 14, 2025", the whole label lowered.
    await expect(confirm).toContainText('This removes the call of Mar 14, 2025 from the partner');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Contact entry deleted');
    await expect(lastContact(details)).toHaveText('Not given');
    await expect(timeline.locator('[data-timeline-source="contact"]')).toHaveCount(0);
    // The refused entry is still typed in the form: closing asks before dropping it (decision 0156).
    await page.keyboard.press('Escape');
    await page
      .getByRole('alertdialog', { name: 'Discard your changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await expect(details).toBeHidden();
    await expect(cardNamed(page, partner.name).getByText('No contact recorded')).toBeVisible();
    await other.close();
  });

  test('a contact refused for its date, then logged, leaves only the success on screen', async ({ page }) => {
    await signIn(page, 'coordinator');
    const partner = await createPartnerViaApi(page, {
      name: unique('Retry Family'),
      email: 'retry@partners.example.org',
    });
    const details = await openDetails(page, partner.name);
    const form = details.getByRole('form', { name: 'Log contact' });
    await form.getByLabel('Date of contact').fill('2999-01-01');
    await form.getByLabel('What happened').fill('Visited after church.');
    await form.getByRole('button', { name: 'Log contact' }).click();
    await expect(form.getByText('The date cannot be after today')).toBeVisible();
    await form.getByLabel('Date of contact').fill('2025-03-14');
    await form.getByRole('button', { name: 'Log contact' }).click();
    await expectToast(page, 'Contact logged');
    // The refusal's toast went with the success; it stayed beside it.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'cannot be after today' })).toHaveCount(0);
  });

  test('a follow-up is a task linked to the partner, on the board and in the details', async ({ page }) => {
    await signIn(page, 'coordinator');
    const partner = await createPartnerViaApi(page, {
      name: unique('Thompson Family'),
      email: 'follow@partners.example.org',
    });
    const details = await openDetails(page, partner.name);
    await expect(details.getByText('No open tasks for this partner.')).toBeVisible();

    const followUp = details.getByRole('button', { name: 'Follow up' });
    await followUp.click();
    const dialog = page.getByRole('dialog', { name: 'Follow up', exact: true });
    await expect(dialog.getByLabel('Title')).toHaveValue(`Follow up with ${partner.name}`);
    await dialog.getByLabel('Due Date').fill('2031-05-01');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expectToast(page, 'Task created successfully!');
    await expect(dialog).toBeHidden();
    await expect(followUp).toBeFocused();

    await expect(
      details.getByRole('region', { name: 'Open tasks' }).getByText(`Follow up with ${partner.name}`),
    ).toBeVisible();
    await expect(
      details.getByRole('list', { name: 'Timeline entries' }).getByText(`Follow up with ${partner.name}`),
    ).toBeVisible();

    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks' }).click();
    const item = page.getByRole('listitem').filter({ hasText: `Follow up with ${partner.name}` });
    await expect(item).toBeVisible();
    const link = item.getByRole('link', { name: partner.name });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/partners\\?partner=${partner.id}`));
    await expect(page.getByRole('dialog', { name: partner.name })).toBeVisible();
  });
});
