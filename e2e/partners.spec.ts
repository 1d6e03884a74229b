import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { createPartnerViaApi, expectToast, searchPartners, unique } from './support/portal';
import { PAGING_PARTNERS } from './support/users';

const cards = (page: Page) => page.getByTestId('partner-card');
const cardNamed = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openPartners(page: Page, who: 'admin' | 'coordinator' = 'coordinator') {
  await signIn(page, who);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ministry Partners' })).toBeVisible();
}

test.describe('partner directory', () => {
  // Long forms, two browsers and axe over 50 cards: more than the default 30 s on a busy machine.

  test('lists partners as cards, one page at a time, and passes the accessibility check', async ({ page }) => {
    await openPartners(page);
    await page.getByLabel('Search partners').fill(PAGING_PARTNERS.prefix);
    await expect(cards(page)).toHaveCount(50);
    await expect(cardNamed(page, `${PAGING_PARTNERS.prefix} 01`)).toBeVisible();
    await expectAccessible(page);
    // By keyboard: the focus goes on to the first card of the next page, not to the top of the
    // screen (the button was disabled while loading, then gone with the last page).
    await page.getByRole('button', { name: 'Load more' }).focus();
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(PAGING_PARTNERS.count);
    await expect(cardNamed(page, `${PAGING_PARTNERS.prefix} ${PAGING_PARTNERS.count}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await expect(cards(page).nth(50)).toBeFocused();
  });

  test('shows the loading text, then the empty text for a search that matches no one', async ({ page }) => {
    await signIn(page, 'coordinator');
    // Hold the list's answer back until the loading text has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const isList = (url: URL) => url.pathname === '/api/partners';
    await page.route(isList, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/partners');
    await expect(page.getByText('Loading partners...')).toBeVisible();
    release();
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByText('Loading partners...')).toHaveCount(0);
    await page.unroute(isList);
    await page.getByLabel('Search partners').fill(unique('nobody-by-this-name'));
    await expect(page.getByText('No partners found')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('search matches name, email or location, ignoring case', async ({ page }) => {
    await openPartners(page);
    const token = unique('srch').replace(/\s/g, '').toLowerCase();
    const byName = await createPartnerViaApi(page, { name: `Name ${token}`, email: 'name-match@example.org' });
    const byEmail = await createPartnerViaApi(page, { name: unique('Email Match'), email: `${token}@example.org` });
    const byLocation = await createPartnerViaApi(page, {
      name: unique('Location Match'),
      email: 'loc@example.org',
      location: `${token} City, TX`,
    });

    await page.getByLabel('Search partners').fill(token.toUpperCase());
    await expect(cards(page)).toHaveCount(3);
    for (const p of [byName, byEmail, byLocation]) await expect(cardNamed(page, p.name)).toBeVisible();

    await page.getByLabel('Search partners').fill(`${token} city`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cardNamed(page, byLocation.name)).toBeVisible();
    // The search is kept in the address, so the view survives a reload.
    await page.reload();
    await expect(page.getByLabel('Search partners')).toHaveValue(`${token} city`);
    await expect(cards(page)).toHaveCount(1);
  });

  test('Filter narrows by status, zone and cardholder status', async ({ page }) => {
    await openPartners(page);
    const zone = unique('Zone');
    const active = await createPartnerViaApi(page, {
      name: unique('Active Card'),
      email: 'a@example.org',
      zone,
      cardholderStatus: true,
    });
    // Zone is free text, typed in lower case here: still the same zone.
    const inactive = await createPartnerViaApi(page, {
      name: unique('Inactive'),
      email: 'i@example.org',
      zone: zone.toLowerCase(),
      status: 'inactive',
    });
    const elsewhere = await createPartnerViaApi(page, {
      name: unique('Elsewhere'),
      email: 'e@example.org',
      zone: unique('Other Zone'),
    });
    await page.reload(); // the zone list is read when the page opens

    await page.getByRole('button', { name: 'Filter' }).click();
    const filters = page.getByRole('group', { name: 'Filters' });
    // Listed once (when the list has loaded), in one of its two spellings.
    const listed = filters
      .getByLabel('Zone')
      .locator('option')
      .filter({ hasText: new RegExp(`^${zone}$`, 'i') });
    await expect(listed).toHaveCount(1);
    await filters.getByLabel('Zone').selectOption((await listed.textContent())!);
    await expect(cards(page)).toHaveCount(2);
    await expect(cardNamed(page, active.name)).toBeVisible();
    await expect(cardNamed(page, inactive.name)).toBeVisible();
    await expect(cardNamed(page, elsewhere.name)).toHaveCount(0);
    await expectAccessible(page);

    await filters.getByLabel('Status', { exact: true }).selectOption('inactive');
    await expect(cards(page)).toHaveCount(1);
    await expect(cardNamed(page, inactive.name)).toBeVisible();

    await filters.getByLabel('Status', { exact: true }).selectOption('');
    await filters.getByLabel('Cardholder status').selectOption('true');
    await expect(cards(page)).toHaveCount(1);
    await expect(cardNamed(page, active.name)).toBeVisible();

    await filters.getByRole('button', { name: 'Clear filters' }).click();
    // The button is disabled with nothing filtered: the focus goes to the first filter, not the page.
    await expect(filters.getByLabel('Status', { exact: true })).toBeFocused();
    await page.getByLabel('Search partners').fill(elsewhere.name);
    await expect(cardNamed(page, elsewhere.name)).toBeVisible();
  });

  test('Add Partner stores every field and the new card appears without a reload', async ({ page }) => {
    await openPartners(page);
    const name = unique('Faith Builders');
    await page.getByRole('button', { name: 'Add Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Partner' });
    await expectAccessible(page);
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill('grants@faithbuilders.example');
    await dialog.getByLabel('Phone').fill('(555) 0142-2000');
    await dialog.getByLabel('Location').fill('El Paso, TX');
    await dialog.getByLabel('Status').selectOption('inactive');
    await dialog.getByLabel('Coordinator').fill('Sarah Johnson');
    await dialog.getByLabel('Zone').fill('West');
    await dialog.getByLabel('VIP cardholder').check();
    await dialog.getByLabel('Notes').fill('<script>alert(1)</script> stays text');
    await dialog.getByRole('button', { name: 'Add Partner' }).click();
    await expectToast(page, 'Partner added successfully');
    await expect(dialog).toBeHidden();

    await searchPartners(page, name);
    const card = cardNamed(page, name);
    await expect(card).toBeVisible();
    await expect(card.getByText('Inactive')).toBeVisible();
    await expect(card.getByText('grants@faithbuilders.example')).toBeVisible();
    await expect(card.getByText('(555) 0142-2000')).toBeVisible();
    await expect(card.getByText('El Paso, TX')).toBeVisible();
    await expect(card.getByText('Sarah Johnson')).toBeVisible();
    await expect(card.getByText('Zone: West')).toBeVisible();
    await expect(card.getByText('Cardholder')).toBeVisible();
    // Last contact follows the contact log (issue 20): a new partner has none.
    await expect(card.getByText('No contact recorded')).toBeVisible();

    await card.getByRole('button', { name: /View Details/ }).click();
    await expect(page.getByRole('dialog', { name }).getByText('<script>alert(1)</script> stays text')).toBeVisible();
  });

  test('Add Partner says who already has the email typed, and still adds a partner who shares it', async ({ page }) => {
    await openPartners(page);
    const email = `${unique('household').toLowerCase().replace(/\W+/g, '-')}@example.org`;
    const first = await createPartnerViaApi(page, { name: unique('Mary Thompson'), email });
    const note = `${first.name} already has this email. You can still save if this is someone else.`;
    await page.getByRole('button', { name: 'Add Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Partner' });
    const emailBox = dialog.getByLabel('Email');
    await emailBox.fill(email.toUpperCase());
    await expect(dialog.getByText(note)).toBeVisible();
    await expect(emailBox).toHaveAccessibleDescription(note);
    await emailBox.fill(`other-${email}`);
    await expect(dialog.getByText(note)).toBeHidden();
    await emailBox.fill(email);
    await expect(dialog.getByText(note)).toBeVisible();

    // A couple may give as two partners: the note informs, the partner is added.
    const second = unique('John Thompson');
    await dialog.getByLabel('Name').fill(second);
    await dialog.getByRole('button', { name: 'Add Partner' }).click();
    await expectToast(page, 'Partner added successfully');
    await searchPartners(page, second);
    await cardNamed(page, second)
      .getByRole('button', { name: /View Details/ })
      .click();
    const details = page.getByRole('dialog', { name: second });
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    // Editing, the partner's own email is not news, even typed again in capitals.
    await details.getByLabel('Email').fill(email.toUpperCase());
    await details.getByLabel('Phone').fill('555-0142');
    await expect(details.getByText(/already has this email/)).toHaveCount(0);
    // Another partner's is, and the partner being edited is not named for it.
    const church = await createPartnerViaApi(page, { name: unique('Grace Church'), email: `office-${email}` });
    await details.getByLabel('Email').fill(`office-${email}`);
    await expect(
      details.getByText(`${church.name} already has this email. You can still save if this is someone else.`),
    ).toBeVisible();
  });

  test('Add Partner shows each validation message and saves nothing', async ({ page }) => {
    await openPartners(page);
    await page.getByRole('button', { name: 'Add Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Partner' });
    const save = dialog.getByRole('button', { name: 'Add Partner' });

    await save.click();
    await expectToast(page, 'Failed to add partner', 'Name is required');
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Invalid email address')).toBeVisible();

    const name = unique('Never Saved');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill('not-an-email');
    await save.click();
    await expectToast(page, 'Failed to add partner', 'Invalid email address');

    await dialog
      .getByLabel('Email')
      .fill(`${'e'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(63)}.org`);
    await save.click();
    await expectToast(page, 'Failed to add partner', 'Email must be 255 characters or less');

    await dialog.getByLabel('Email').fill('never@example.org');
    await dialog.getByLabel('Name').fill('n'.repeat(101));
    await save.click();
    await expectToast(page, 'Failed to add partner', 'Name must be 100 characters or less');

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Phone').fill('5'.repeat(21));
    await save.click();
    await expectToast(page, 'Failed to add partner', 'Phone must be 20 characters or less');

    await dialog.getByLabel('Phone').fill('');
    await dialog.getByLabel('Location').fill('l'.repeat(201));
    await save.click();
    await expectToast(page, 'Failed to add partner', 'Location must be 200 characters or less');

    await dialog.getByLabel('Location').fill('');
    await dialog.getByLabel('Coordinator').fill('c'.repeat(101));
    await save.click();
    await expectToast(page, 'Failed to add partner', 'Coordinator must be 100 characters or less');

    await dialog.getByLabel('Coordinator').fill('');
    await dialog.getByLabel('Zone').fill('z'.repeat(101));
    await save.click();
    await expectToast(page, 'Failed to add partner', 'Zone must be 100 characters or less');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Search partners').fill(name);
    await expect(page.getByText('No partners found')).toBeVisible();
  });

  test('Add Partner shows the server reason when saving fails', async ({ page }) => {
    await openPartners(page);
    await page.route('**/api/partners', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'You do not have permission to do this.' }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Add Partner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Partner' });
    await dialog.getByLabel('Name').fill(unique('Refused'));
    await dialog.getByLabel('Email').fill('refused@example.org');
    await dialog.getByRole('button', { name: 'Add Partner' }).click();
    await expectToast(page, 'Failed to add partner', 'You do not have permission to do this.');
    await expect(dialog).toBeVisible();
  });

  test('View Details shows the partner, edits are saved, and a bad edit changes nothing', async ({ page }) => {
    await openPartners(page);
    const partner = await createPartnerViaApi(page, {
      name: unique('Samuel Okafor'),
      email: 'samuel@example.com',
      phone: '555-0100',
      location: 'Plano, TX',
      zone: 'North',
    });
    await searchPartners(page, partner.name);
    await page.getByRole('button', { name: `View Details for ${partner.name}` }).click();
    const details = page.getByRole('dialog', { name: partner.name });
    await expect(details.getByText('samuel@example.com')).toBeVisible();
    await expect(details.getByText('Plano, TX')).toBeVisible();
    // A coordinator without Giving Records sees no gift-level detail (D12, issue 19).
    await expect(details.getByRole('heading', { name: 'Gifts' })).toHaveCount(0);
    await expectAccessible(page);

    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    await details.getByLabel('Name').fill('');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to update partner', 'Name is required');
    await details.getByRole('button', { name: 'Cancel' }).click();
    await expect(details.getByText('555-0100')).toBeVisible();

    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    await details.getByLabel('Phone').fill('555-0199');
    await details.getByLabel('Location').fill('');
    await details.getByLabel('Status').selectOption('inactive');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Partner updated successfully');
    // Exact: the timeline also names the change ("Phone: 555-0100 → 555-0199", issue 20).
    await expect(details.getByText('555-0199', { exact: true })).toBeVisible();
    await expect(details.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(details.getByText('Phone: 555-0100 → 555-0199')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    // The focus goes back to the button that opened the details, not to the page (issue 27).
    await expect(page.getByRole('button', { name: `View Details for ${partner.name}` })).toBeFocused();

    const card = cardNamed(page, partner.name);
    await expect(card.getByText('555-0199')).toBeVisible();
    await expect(card.getByText('Plano, TX')).toHaveCount(0);
    await expect(card.getByText('Inactive')).toBeVisible();
  });

  test('an edit over a change someone else saved meanwhile is refused, keeps what was typed, and loses neither', async ({
    page,
  }) => {
    await openPartners(page);
    const partner = await createPartnerViaApi(page, { name: unique('Esther Kim'), email: 'esther@example.com' });
    await searchPartners(page, partner.name);
    await page.getByRole('button', { name: `View Details for ${partner.name}` }).click();
    const details = page.getByRole('dialog', { name: partner.name });
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    // Someone else saves a new phone number while this edit is open.
    const other = await page.request.put(`/api/partners/${partner.id}`, {
      data: { name: partner.name, email: 'esther@example.com', phone: '111-1111' },
    });
    expect(other.status()).toBe(200);
    await details.getByLabel('Notes').fill('Edited in the other tab');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Not saved', 'This partner was changed by someone else meanwhile.');
    await expect(details.getByLabel('Notes')).toHaveValue('Edited in the other tab');
    // Cancel shows their change; editing again from it saves both.
    await details.getByRole('button', { name: 'Cancel' }).click();
    await expect(details.getByText('111-1111', { exact: true })).toBeVisible();
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    await details.getByLabel('Notes').fill('Edited in the other tab');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Partner updated successfully');
    const saved = (await (await page.request.get(`/api/partners/${partner.id}`)).json()) as {
      partner: { phone: string; notes: string };
    };
    expect(saved.partner).toMatchObject({ phone: '111-1111', notes: 'Edited in the other tab' });
  });

  test('a partner added in one browser appears in a directory open in another', async ({ page, browser }) => {
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    try {
      await openPartners(other, 'admin');
      const token = unique('Live').replace(/\s/g, '');
      await other.getByLabel('Search partners').fill(token);
      await expect(other.getByText('No partners found')).toBeVisible();

      await openPartners(page);
      await createPartnerViaApi(page, { name: `${token} Partner`, email: 'live@example.org' });
      await expect(cardNamed(other, `${token} Partner`)).toBeVisible({ timeout: 3_000 });
    } finally {
      await otherContext.close();
    }
  });

  test('counts the matches, sorts newest first, and shows a table that stays chosen after a reload', async ({
    page,
  }) => {
    await openPartners(page);
    const token = unique('Sorted').replace(/\s/g, '');
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      await createPartnerViaApi(page, { name: `${token} ${name}`, email: `${name.toLowerCase()}@example.org` });
    }
    await page.getByLabel('Search partners').fill(token);
    await expect(page.getByTestId('partner-count')).toHaveText('3 partners');
    await expect(cards(page).getByRole('heading')).toHaveText([`${token} Alpha`, `${token} Beta`, `${token} Gamma`]);

    await page.getByLabel('Sort by').selectOption({ label: 'Newest' });
    await expect(cards(page).getByRole('heading')).toHaveText([`${token} Gamma`, `${token} Beta`, `${token} Alpha`]);
    await expect(page).toHaveURL(/sort=newest/);

    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    const rows = page.getByTestId('partner-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText(`${token} Gamma`);
    await expect(cards(page)).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('partner-row')).toHaveCount(3);
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    // The name opens the details, as a card's button does, and the focus comes back to it.
    const name = page.getByRole('button', { name: `${token} Beta`, exact: true });
    await name.click();
    const details = page.getByRole('dialog');
    await expect(details.getByRole('heading', { name: `${token} Beta` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);
    await expect(name).toBeFocused();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cards' }).click();
  });
});
