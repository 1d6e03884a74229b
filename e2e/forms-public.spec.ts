import type { Browser, Page } from '@playwright/test';
import { DEFAULT_THANK_YOU, PUBLIC_FORM_UNAVAILABLE } from '#shared/forms';
import { expect, expectAccessible, signIn, test } from './support/fixtures';
import { createPartnerViaApi, expectToast, unique } from './support/portal';

/**
 * Issue 21, the public side: a form's link answered in a fresh browser with no session, on a
 * phone-sized screen and by keyboard alone; Send to Partners with a partner picked, that
 * partner's personal link answered, and the answer in the partner's details.
 */

const FIELDS = [
  { id: 'name', label: 'Full name', type: 'text' },
  { id: 'email', label: 'Email address', type: 'email' },
  { id: 'guests', label: 'Guests', type: 'number' },
  { id: 'meal', label: 'Meal', type: 'single_choice', options: ['Fish', 'Vegetarian'] },
  { id: 'days', label: 'Days you can help', type: 'multiple_choice', options: ['Fri', 'Sat', 'Sun'], required: false },
  { id: 'arrive', label: 'Arrival date', type: 'date' },
  { id: 'notes', label: 'Anything else', type: 'textarea', required: false },
];

async function createForm(page: Page, title: string) {
  const response = await page.request.post('/api/forms', {
    data: { title, description: 'Tell us you are coming', fields: FIELDS },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { form: { id: string } }).form.id;
}

/** A fresh browser with no session, 390 px wide (a phone). */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  expect(await context.cookies()).toEqual([]);
  return { context, page: await context.newPage() };
}

test('a visitor with no session answers a form link on a phone, by keyboard alone', async ({ page, browser }) => {
  await signIn(page, 'coordinator', '/forms');
  const title = unique('Christmas dinner');
  const formId = await createForm(page, title);
  // A link of the form, as Send to Partners gives one; the public link opens the same page.
  const sent = await page.request.post(`/api/forms/${formId}/send`, {
    data: { recipients: [{ partnerName: 'Walk-in Guest', partnerEmail: 'guest@example.org' }] },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const link = new URL(((await sent.json()) as { recipients: { link: string }[] }).recipients[0]!.link);

  const { context, page: phone } = await visitor(browser);
  try {
    await phone.goto(link.pathname);
    await expect(phone.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const ministry = (
      (await (await phone.request.get(`/api/public${link.pathname.replace('/f/', '/forms/')}`)).json()) as {
        form: { ministryName: string };
      }
    ).form.ministryName;
    await expect(phone.getByText(ministry, { exact: true })).toBeVisible();
    await expect(phone.getByText('This link was sent to Walk-in Guest.')).toBeVisible();
    // Nothing wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(phone);

    // The honeypot is out of the tab order: Tab reaches the first question first.
    await phone.keyboard.press('Tab');
    await expect(phone.getByLabel('Full name')).toBeFocused();
    // Enter sends the empty form: each required question says so, and the first is focused.
    await phone.keyboard.press('Enter');
    await expect(phone.getByRole('alert')).toHaveText('Please correct the 5 answers marked below.');
    await expect(phone.getByLabel('Full name')).toBeFocused();
    await expect(phone.getByLabel('Full name')).toHaveAccessibleDescription('This field is required');
    await expect(phone.getByLabel('Arrival date')).toHaveAccessibleDescription('This field is required');
    await expectAccessible(phone);

    // A long answer pasted in is cut at the limit, and the box says so (it was cut without a word).
    await phone.keyboard.insertText('x'.repeat(600));
    await expect(phone.getByLabel('Full name')).toHaveValue('x'.repeat(500));
    await expect(
      phone.getByText('500 of 500 characters: the answer can be no longer, and anything beyond was not kept.'),
    ).toBeVisible();
    await phone.keyboard.press('ControlOrMeta+a');
    await phone.keyboard.press('Backspace');
    await phone.keyboard.type('Ruth Park');
    await expect(phone.getByText(/of 500 characters/)).toHaveCount(0);
    await phone.keyboard.press('Tab');
    await expect(phone.getByLabel('Full name')).not.toHaveAccessibleDescription('This field is required');
    // A wrong email is named as the focus leaves it.
    await phone.keyboard.type('ruth@');
    await phone.keyboard.press('Tab');
    await expect(phone.getByLabel('Email address')).toHaveAccessibleDescription('Please enter a valid email address');
    await phone.keyboard.press('Shift+Tab');
    await phone.keyboard.press('End');
    await phone.keyboard.type('example.org');
    await phone.keyboard.press('Tab');
    await expect(phone.getByLabel('Email address')).not.toHaveAccessibleDescription(/valid email/);
    await phone.keyboard.type('3');
    await phone.keyboard.press('Tab');
    // The radio group: the arrow keys choose.
    await expect(phone.getByRole('radio', { name: 'Fish' })).toBeFocused();
    await phone.keyboard.press('ArrowDown');
    await expect(phone.getByRole('radio', { name: 'Vegetarian' })).toBeChecked();
    await phone.keyboard.press('Tab');
    // The checkboxes: Space ticks, Tab moves on.
    await expect(phone.getByRole('checkbox', { name: 'Fri' })).toBeFocused();
    await phone.keyboard.press('Space');
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Space');
    await expect(phone.getByRole('checkbox', { name: 'Sun' })).toBeChecked();
    await phone.keyboard.press('Tab');
    await expect(phone.getByLabel('Arrival date')).toBeFocused();
    await phone.keyboard.type('12242026');
    await expect(phone.getByLabel('Arrival date')).toHaveValue('2026-12-24');
    // Chromium's date box takes Tab through its own parts (the year still open), then moves on.
    await phone.keyboard.press('Tab');
    await phone.keyboard.press('Tab');
    await expect(phone.getByLabel('Anything else')).toBeFocused();
    await phone.keyboard.type('See you there');
    await phone.keyboard.press('Tab');
    await expect(phone.getByRole('button', { name: 'Submit' })).toBeFocused();
    await phone.keyboard.press('Enter');

    await expect(phone.getByRole('heading', { level: 1, name: 'Thank you' })).toBeFocused();
    await expect(phone.getByText(DEFAULT_THANK_YOU)).toBeVisible();
    await expectAccessible(phone);

    // The personal link took its one answer: opened again, it says so plainly.
    await phone.reload();
    await expect(phone.getByRole('heading', { level: 1, name: 'This form is not available' })).toBeVisible();
    await expect(phone.getByText(PUBLIC_FORM_UNAVAILABLE.already_answered)).toBeVisible();
    await expectAccessible(phone);
  } finally {
    await context.close();
  }
});

test('a form changed while it is being answered shows its questions anew and keeps the answers typed', async ({
  page,
  browser,
}) => {
  await signIn(page, 'coordinator', '/forms');
  const title = unique('Retreat sign-up');
  const formId = await createForm(page, title);
  const form = (
    (await (await page.request.get(`/api/forms/${formId}`)).json()) as {
      form: { version: number; publicToken: string; fields: { id: string }[] };
    }
  ).form;
  const { context, page: phone } = await visitor(browser);
  try {
    await phone.goto(`/f/${form.publicToken}`);
    await phone.getByLabel('Full name').fill('Ruth Park');
    await phone.getByLabel('Email address').fill('ruth@example.org');
    // Meanwhile the team drops the guests question and adds one about a room.
    const changed = await page.request.put(`/api/forms/${formId}`, {
      data: {
        version: form.version,
        title,
        description: 'Tell us you are coming',
        fields: [
          ...FIELDS.filter((field) => field.id !== 'guests'),
          { id: 'room', label: 'Room to share', type: 'text', required: false },
        ],
        status: 'open',
        closesAt: null,
        responseLimit: null,
        thankYouMessage: null,
      },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    await phone.getByLabel('Guests').fill('2');
    await phone.getByRole('radio', { name: 'Fish' }).check();
    await phone.getByLabel('Arrival date').fill('2026-12-18');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByText('The form was changed while you were answering.', { exact: false })).toBeVisible();
    await expect(phone.getByLabel('Room to share')).toBeVisible();
    await expect(phone.getByLabel('Guests')).toHaveCount(0);
    await expect(phone.getByLabel('Full name')).toHaveValue('Ruth Park');
    await expect(phone.getByLabel('Email address')).toHaveValue('ruth@example.org');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByText(DEFAULT_THANK_YOU)).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a click on the next question lands although leaving a bad answer shows its error above it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'coordinator', '/forms');
  const formId = await createForm(page, unique('Volunteer sign-up'));
  const { form } = (await (await page.request.get(`/api/forms/${formId}`)).json()) as { form: { publicToken: string } };
  const { context, page: phone } = await visitor(browser);
  try {
    await phone.goto(`/f/${form.publicToken}`);
    await phone.getByLabel('Guests').pressSequentially('1e');
    // The press on Fish leaves Guests, whose error then pushes the choices down: the click
    // still picks Fish (it landed beside it, and was lost, while the error came at the press).
    await phone.getByRole('radio', { name: 'Fish' }).click();
    await expect(phone.getByRole('radio', { name: 'Fish' })).toBeChecked();
    await expect(phone.getByText('Please enter a number')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a link that leads nowhere says so plainly', async ({ browser }) => {
  const { context, page: phone } = await visitor(browser);
  try {
    await phone.goto(`/f/${'0'.repeat(64)}`);
    await expect(phone.getByRole('heading', { level: 1, name: 'This form is not available' })).toBeVisible();
    await expect(phone.getByText(PUBLIC_FORM_UNAVAILABLE.not_found)).toBeVisible();
    await expectAccessible(phone);
  } finally {
    await context.close();
  }
});

test("Send to Partners to a partner picked from the directory; their answer shows in the partner's details", async ({
  page,
  browser,
}) => {
  // A journey of two people with three accessibility checks: past 30 s under a full suite's load.
  await signIn(page, 'coordinator', '/forms');
  const title = unique('Harvest helpers');
  await createForm(page, title);
  const name = unique('Okafor Family');
  const email = `okafor.${Date.now().toString(36)}@partners.example.org`;
  const partner = await createPartnerViaApi(page, { name, email });
  await page.reload();

  await page
    .getByRole('group', { name: 'Form tools' })
    .getByRole('button', { name: /^Send to Partners/ })
    .click();
  const send = page.getByRole('form', { name: 'Send to Partners' });
  await send.getByLabel('Form').selectOption({ label: title });
  const finder = send.getByRole('combobox', { name: 'Find a partner' });
  await finder.fill(name.slice(0, 12));
  await expect(send.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await finder.press('ArrowDown');
  await finder.press('Enter');
  await expect(send.getByRole('list', { name: 'Recipients' })).toContainText(name);
  await expectAccessible(page);
  await send.getByRole('button', { name: 'Send Form' }).click();
  await expectToast(page, `Form sent to ${name} at ${email}`);

  const sentLinks = page.getByRole('region', { name: 'Sent links' });
  await expect(sentLinks.getByRole('status')).toContainText('The emails are on their way.');
  // What was sent takes the focus (it fell to the page from the disabled button).
  await expect(sentLinks.getByRole('status')).toBeFocused();
  await expect(sentLinks.getByRole('button', { name: `Copy link for ${name}` })).toBeVisible();
  const link = new URL((await sentLinks.locator('code').first().textContent())!);
  await expectAccessible(page);

  const { context, page: phone } = await visitor(browser);
  try {
    await phone.goto(link.pathname);
    await expect(phone.getByText(`This link was sent to ${name}.`)).toBeVisible();
    await phone.getByLabel('Full name').fill('Ada Okafor');
    await phone.getByLabel('Email address').fill('ada@example.org');
    await phone.getByLabel('Guests').fill('4');
    await phone.getByRole('radio', { name: 'Fish' }).check();
    await phone.getByLabel('Arrival date').fill('2026-12-23');
    await phone.getByRole('button', { name: 'Submit' }).click();
    await expect(phone.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  } finally {
    await context.close();
  }

  await page.goto(`/partners?partner=${partner.id}`);
  const entry = page.locator('[data-timeline-source="form-response"]').filter({ hasText: title });
  await expect(entry).toContainText(`Answered the form ${title}`);
  await entry.getByText('Show the answers').click();
  await expect(entry.getByText('Ada Okafor')).toBeVisible();
  await expect(entry.getByText('Fish', { exact: true })).toBeVisible();
  // A date answer reads like every other date of the portal.
  await expect(entry.getByText('Dec 23, 2026', { exact: true })).toBeVisible();
  await expectAccessible(page);
});
