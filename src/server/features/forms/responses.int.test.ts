import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, formRecipients, formResponses, forms, partners } from '#server/db/schema';
import type { StoredAnswer } from '#shared/form-answers';
import { readSse } from '#test-support/sse';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';

interface ResponseBody {
  id: string;
  createdAt: string;
  answers: StoredAnswer[];
  partner: { id: string; name: string } | null;
  recipient: { name: string } | null;
}
interface PageBody {
  count: number;
  responses: ResponseBody[];
  nextCursor: string | null;
}
interface SummaryBody {
  count: number;
  fields: {
    fieldId: string;
    label: string;
    type: string;
    removed: boolean;
    answered: number;
    options?: { option: string; count: number }[];
    numbers?: { total: number; average: number; minimum: number; maximum: number } | null;
    latest?: { value: string; createdAt: string }[];
  }[];
}

const FIELDS = [
  { id: 'name', label: 'Name', type: 'text' },
  { id: 'size', label: 'Household size', type: 'number', required: false },
  { id: 'meal', label: 'Meal', type: 'single_choice', options: ['Soup', 'Salad'] },
  { id: 'help', label: 'Can help with', type: 'multiple_choice', options: ['Setup', 'Music', 'Cleanup'] },
  { id: 'note', label: 'Note', type: 'textarea', required: false },
];

const answer = (fieldId: string, label: string, type: StoredAnswer['type'], value: StoredAnswer['value']) => ({
  fieldId,
  label,
  type,
  value,
});

describe.each(testDatabaseTargets())('form responses on $name', (target) => {
  let t: TestApp;
  let owner: TestUser;
  let reader: TestUser;
  let admin: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    owner = await t.createUser({ email: 'owner@example.org', password: 'owner-secret' });
    reader = await t.createUser({ email: 'reader@example.org', password: 'reader-secret' });
    admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    for (const u of [owner, reader, admin]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const newForm = async (title: string, fields: unknown[] = FIELDS) => {
    const response = await t.postJson('/api/forms', { title, fields }, as(owner));
    expect(response.status).toBe(201);
    return ((await response.json()) as { form: { id: string; version: number } }).form;
  };
  /** Saves the form with new fields (an open form, nothing else set), as Edit Form does. */
  const refield = async (form: { id: string; version: number }, title: string, fields: unknown[]) => {
    const put = await t.sendJson(
      'PUT',
      `/api/forms/${form.id}`,
      {
        version: form.version,
        title,
        description: null,
        fields,
        status: 'open',
        closesAt: null,
        responseLimit: null,
        thankYouMessage: null,
      },
      as(owner),
    );
    expect(put.status).toBe(200);
  };
  /** Stores responses the way the public endpoint does (row plus count), at chosen times. */
  const insertResponses = async (
    formId: string,
    rows: { answers: StoredAnswer[]; at?: string; partnerId?: string; recipientId?: string }[],
  ) => {
    const inserted = await t.db
      .insert(formResponses)
      .values(
        rows.map((row) => ({
          formId,
          answers: row.answers,
          partnerId: row.partnerId ?? null,
          recipientId: row.recipientId ?? null,
          ...(row.at ? { createdAt: new Date(row.at) } : {}),
        })),
      )
      .returning({ id: formResponses.id });
    await t.db
      .update(forms)
      .set({ responseCount: sql`${forms.responseCount} + ${rows.length}` })
      .where(eq(forms.id, formId));
    return inserted.map((row) => row.id);
  };
  const getJson = async <T>(path: string, u: TestUser = reader) => {
    const response = await t.request(path, { headers: as(u) });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };

  it('pages newest first, 25 at a time, with partner and recipient names, to the last response', async () => {
    const form = await newForm('Paging');
    const [partner] = await t.db
      .insert(partners)
      .values({ name: 'Grace Okafor', email: 'grace@example.org' })
      .returning({ id: partners.id });
    const [recipient] = await t.db
      .insert(formRecipients)
      .values({ formId: form.id, partnerId: partner!.id, name: 'Grace O.', email: 'grace@example.org' })
      .returning({ id: formRecipients.id });
    // 60 responses, two per second, so the keyset's tie on time is broken by id; the partner's is the newest.
    const base = Date.parse('2026-03-01T10:00:00Z');
    const ids = await insertResponses(
      form.id,
      Array.from({ length: 60 }, (_, i) => ({
        answers: [answer('name', 'Name', 'text', `Person ${i}`)],
        at: new Date(base + (i === 59 ? 100 : Math.floor(i / 2)) * 1000).toISOString(),
        ...(i === 59 ? { partnerId: partner!.id, recipientId: recipient!.id } : {}),
      })),
    );
    const seen: ResponseBody[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: PageBody = await getJson<PageBody>(
        `/api/forms/${form.id}/responses${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.count).toBe(60);
      expect(page.responses.length).toBeLessThanOrEqual(25);
      seen.push(...page.responses);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen.map((r) => r.id)).size).toBe(60);
    expect(new Set(seen.map((r) => r.id))).toEqual(new Set(ids));
    const times = seen.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(seen[0]).toMatchObject({
      partner: { id: partner!.id, name: 'Grace Okafor' },
      recipient: { name: 'Grace O.' },
      answers: [answer('name', 'Name', 'text', 'Person 59')],
    });
    expect(seen[1]).toMatchObject({ partner: null, recipient: null });
  });

  it('refuses a cursor it did not write with 400, and an unknown form with 404', async () => {
    const form = await newForm('Cursor');
    const bad = await t.request(`/api/forms/${form.id}/responses?cursor=not-a-cursor`, { headers: as(reader) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'Invalid cursor' });
    const missing = await t.request('/api/forms/6f1c2a8e-0c5d-4d7e-9a44-1f1e2d3c4b5a/responses', {
      headers: as(reader),
    });
    expect(missing.status).toBe(404);
  });

  it('sums up each field in the database: option counts, number figures, latest texts, removed fields', async () => {
    const form = await newForm('Summary');
    await insertResponses(form.id, [
      {
        at: '2026-04-01T09:00:00Z',
        answers: [
          answer('name', 'Name', 'text', 'Ann'),
          answer('size', 'Household size', 'number', 2),
          answer('meal', 'Meal', 'single_choice', 'Soup'),
          answer('help', 'Can help with', 'multiple_choice', ['Setup', 'Music']),
          answer('gone', 'T-shirt size', 'text', 'M'),
        ],
      },
      {
        at: '2026-04-02T09:00:00Z',
        answers: [
          answer('name', 'Name', 'text', 'Ben'),
          answer('size', 'Household size', 'number', 5),
          answer('meal', 'Meal', 'single_choice', 'Soup'),
          answer('help', 'Can help with', 'multiple_choice', ['Music']),
          answer('gone', 'Shirt size', 'text', 'L'),
        ],
      },
      {
        at: '2026-04-03T09:00:00Z',
        answers: [
          answer('name', 'Name', 'text', 'Cy'),
          answer('size', 'Household size', 'number', 0.5),
          answer('meal', 'Meal', 'single_choice', 'Salad'),
          answer('help', 'Can help with', 'multiple_choice', ['Music', 'Cleanup']),
        ],
      },
    ]);
    const summary = await getJson<SummaryBody>(`/api/forms/${form.id}/responses/summary`);
    expect(summary.count).toBe(3);
    const byId = Object.fromEntries(summary.fields.map((f) => [f.fieldId, f]));
    expect(summary.fields.map((f) => f.fieldId)).toEqual(['name', 'size', 'meal', 'help', 'note', 'gone']);
    expect(byId.size!.numbers).toEqual({ total: 7.5, average: 2.5, minimum: 0.5, maximum: 5 });
    expect(byId.size!.answered).toBe(3);
    expect(byId.meal!.options).toEqual([
      { option: 'Soup', count: 2 },
      { option: 'Salad', count: 1 },
    ]);
    expect(byId.help!.options).toEqual([
      { option: 'Setup', count: 1 },
      { option: 'Music', count: 3 },
      { option: 'Cleanup', count: 1 },
    ]);
    expect(byId.name!.latest!.map((l) => l.value)).toEqual(['Cy', 'Ben', 'Ann']);
    expect(byId.name!.latest![0]!.createdAt).toBe('2026-04-03T09:00:00.000Z');
    expect(byId.note).toMatchObject({ answered: 0, latest: [], removed: false });
    // A removed field is listed under the label its newest answer was given to.
    expect(byId.gone).toMatchObject({ label: 'Shirt size', type: 'text', removed: true, answered: 2 });
    expect(byId.gone!.latest!.map((l) => l.value)).toEqual(['L', 'M']);
  });

  it('keeps old answers readable after a field changes type, without spoiling the figures', async () => {
    const form = await newForm('Retyped', [{ id: 'q', label: 'Guests', type: 'text' }]);
    await insertResponses(form.id, [{ at: '2026-05-01T09:00:00Z', answers: [answer('q', 'Guests', 'text', 'two')] }]);
    await refield(form, 'Retyped', [{ id: 'q', label: 'Number of guests', type: 'number' }]);
    await insertResponses(form.id, [
      { at: '2026-05-02T09:00:00Z', answers: [answer('q', 'Number of guests', 'number', 4)] },
    ]);
    const summary = await getJson<SummaryBody>(`/api/forms/${form.id}/responses/summary`);
    expect(summary.fields).toHaveLength(1);
    expect(summary.fields[0]).toMatchObject({
      label: 'Number of guests',
      type: 'number',
      answered: 2,
      numbers: { total: 4, average: 4, minimum: 4, maximum: 4 },
    });
    const page = await getJson<PageBody>(`/api/forms/${form.id}/responses`);
    expect(page.responses.map((r) => r.answers[0])).toEqual([
      answer('q', 'Number of guests', 'number', 4),
      answer('q', 'Guests', 'text', 'two'),
    ]);
    const csv = await (await t.request(`/api/forms/${form.id}/responses.csv`, { headers: as(reader) })).text();
    expect(csv).toContain('Number of guests');
    expect(csv).toContain(',two,');
  });

  it('lists the earlier answers of a field that became text, as it counts them', async () => {
    const form = await newForm('Retyped back', [{ id: 'n', label: 'Number Q', type: 'number' }]);
    await insertResponses(form.id, [
      { at: '2026-05-01T09:00:00Z', answers: [answer('n', 'Number Q', 'number', -3.5)] },
    ]);
    await refield(form, 'Retyped back', [{ id: 'n', label: 'Number Q', type: 'text' }]);
    const summary = await getJson<SummaryBody>(`/api/forms/${form.id}/responses/summary`);
    expect(summary.fields[0]).toMatchObject({ type: 'text', answered: 1 });
    expect(summary.fields[0]!.latest?.map((a) => a.value)).toEqual(['-3.5']);
  });

  it('exports CSV with a BOM, current fields first then removed ones, formulas neutralised, and records it', async () => {
    const form = await newForm('Export', [
      { id: 'a', label: 'First', type: 'text' },
      { id: 'b', label: 'Second', type: 'multiple_choice', options: ['X', 'Y'] },
    ]);
    await insertResponses(form.id, [
      {
        at: '2026-06-01T09:00:00Z',
        answers: [
          answer('a', 'First', 'text', '=HYPERLINK("http://evil")'),
          answer('b', 'Second', 'multiple_choice', ['X', 'Y']),
          answer('old', 'Old question', 'text', '@SUM(A1)'),
        ],
      },
      { at: '2026-06-02T09:00:00Z', answers: [answer('a', 'First', 'text', 'Plain, "quoted"')] },
    ]);
    const response = await t.request(`/api/forms/${form.id}/responses.csv`, { headers: as(reader) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="export-responses-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\n');
    expect(lines[0]).toBe('Submitted,Partner,Recipient,First,Second,Old question,Response id');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2026-06-02T09:00:00.000Z,,,"Plain, ""quoted""",,,[0-9a-f-]{36}$/);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")",X; Y,'@SUM(A1),`);
    const recorded = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectId, form.id), eq(activity.action, 'form.responses_exported')));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.after).toMatchObject({ rows: 2 });
  });

  it('deletes one response for the creator or an admin, lowers the count, records it once and tells every tab', async () => {
    const form = await newForm('Deleting');
    const [first, second] = await insertResponses(form.id, [
      { answers: [answer('name', 'Name', 'text', 'One')] },
      { answers: [answer('name', 'Name', 'text', 'Two')] },
    ]);
    const del = (u: TestUser, id: string) =>
      t.request(`/api/forms/${form.id}/responses/${id}`, { method: 'DELETE', headers: as(u) });

    const refused = await del(reader, first!);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Only the person who created this form, or an admin, can change it.',
    });
    expect(await t.db.select().from(formResponses).where(eq(formResponses.formId, form.id))).toHaveLength(2);

    const tab = readSse(await t.app.request('/api/realtime', { headers: as(reader) }));
    try {
      expect(await tab.next()).toMatchObject({ event: 'ready' });
      expect((await del(owner, first!)).status).toBe(200);
      const event = await tab.next();
      expect(JSON.parse(event.data)).toEqual({ type: 'forms.responses', formId: form.id });
    } finally {
      await tab.close();
    }
    expect((await del(admin, second!)).status).toBe(200);
    expect((await del(admin, second!)).status).toBe(404);
    const [row] = await t.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row!.responseCount).toBe(0);
    const deletions = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectId, form.id), eq(activity.action, 'form.response_deleted')));
    expect(deletions).toHaveLength(2);
    expect(deletions.map((d) => (d.before as { id: string }).id).sort()).toEqual([first, second].sort());
  });

  it('refuses a response id of another form with 404 and deletes nothing', async () => {
    const one = await newForm('One');
    const other = await newForm('Other');
    const [id] = await insertResponses(other.id, [{ answers: [answer('name', 'Name', 'text', 'Kept')] }]);
    const response = await t.request(`/api/forms/${one.id}/responses/${id}`, { method: 'DELETE', headers: as(owner) });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Response not found' });
    expect(await t.db.select().from(formResponses).where(eq(formResponses.id, id!))).toHaveLength(1);
  });
});
