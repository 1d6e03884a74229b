import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, type MultipartPart } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { DATE_OUT_OF_RANGE } from '#shared/limits';
import { MESSAGE_MAX_LENGTH } from '#shared/chat';
import { FORM_FIELD_LABEL_MAX, FORM_FIELDS_MAX, FORM_TITLE_MAX } from '#shared/schemas/forms';
import { PARTNER_LIMITS } from '#shared/schemas/partners';
import { TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from '#shared/schemas/tasks';

/**
 * Issue 26, items 5 and 6, on both databases: text right at every limit in characters that take
 * several bytes (or grow when JSON-encoded) is accepted and one more is refused, never a 5xx;
 * dates are refused outside 1900-2200 with a readable 400 and round-trip exactly inside it; a
 * cursor holding a NUL is a 400.
 */
const TEXTS = {
  chinese: (n: number) => '祈'.repeat(n),
  // Limits count characters (zod and PostgreSQL's varchar count code points): 4 bytes each in UTF-8.
  emoji: (n: number) => '🙏'.repeat(n),
  quotes: (n: number) => '"'.repeat(n),
  backslashes: (n: number) => '\\'.repeat(n),
};

describe.each(testDatabaseTargets())('text and date limits on $name', (target) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    const admin = await t.createUser({ email: 'limits@example.org', password: 'limits-secret', role: 'admin' });
    cookie = await t.signIn(admin.email, admin.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body: unknown) => t.postJson(path, body, { cookie });

  /** Each text field at its limit, as the body that carries it. */
  const AT_LIMIT: [what: string, limit: number, body: (text: string) => [path: string, body: unknown]][] = [
    [
      'a chat message',
      MESSAGE_MAX_LENGTH,
      (text) => ['/api/chat/messages', { partner: 'General Partners', chatType: 'partner', content: text }],
    ],
    ["a partner's name", PARTNER_LIMITS.name, (text) => ['/api/partners', { name: text, email: 'p@example.org' }]],
    [
      "a partner's notes",
      PARTNER_LIMITS.notes,
      (text) => ['/api/partners', { name: 'N', email: 'n@example.org', notes: text }],
    ],
    ["a task's title", TASK_TITLE_MAX, (text) => ['/api/tasks', { title: text }]],
    ["a task's description", TASK_DESCRIPTION_MAX, (text) => ['/api/tasks', { title: 'T', description: text }]],
    [
      "a form's title",
      FORM_TITLE_MAX,
      (text) => ['/api/forms', { title: text, fields: [{ id: 'f', label: 'L', type: 'text' }] }],
    ],
    [
      'every label of the largest form',
      FORM_FIELD_LABEL_MAX,
      (text) => [
        '/api/forms',
        {
          title: 'F',
          fields: Array.from({ length: FORM_FIELDS_MAX }, (_, i) => ({ id: `f${i}`, label: text, type: 'text' })),
        },
      ],
    ],
  ];

  for (const [what, limit, body] of AT_LIMIT) {
    for (const [kind, text] of Object.entries(TEXTS)) {
      it(`accepts ${what} of ${limit} characters of ${kind}, and refuses one more with a 400`, async () => {
        const atLimit = await post(...body(text(limit)));
        expect(atLimit.status, await atLimit.clone().text()).toBe(201);
        const over = await post(...body(text(limit + 1)));
        expect(over.status).toBe(400);
        expect(((await over.json()) as { error: string }).error).toMatch(/\w/);
      });
    }
  }

  const IN_RANGE_DAYS = ['1900-01-01', '1969-12-31', '2000-02-29', '2200-12-31'];
  const OUT_OF_RANGE_DAYS = [
    '0000-01-01',
    '0001-01-01',
    '0050-06-15',
    '0099-12-31',
    '1899-12-31',
    '2201-01-01',
    '9999-12-31',
  ];

  it.each(IN_RANGE_DAYS)("keeps a task's due date of %s exactly", async (day) => {
    const created = await post('/api/tasks', { title: `Due ${day}`, dueDate: day });
    expect(created.status).toBe(201);
    const { task } = (await created.json()) as { task: { id: string; dueDate: string } };
    expect(task.dueDate).toBe(day);
    const board = (await (await t.request('/api/tasks', { headers: { cookie } })).json()) as {
      active: { id: string; dueDate: string }[];
    };
    expect(board.active.find((x) => x.id === task.id)!.dueDate).toBe(day);
  });

  it.each([...OUT_OF_RANGE_DAYS, '-0001-01-01', '+10000-01-01'])(
    "refuses a task's due date of %s with a readable 400",
    async (day) => {
      const response = await post('/api/tasks', { title: `Due ${day}`, dueDate: day });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /Please enter (a date between 1900 and 2200|a valid due date)/,
      );
    },
  );

  const sendEvent = (start: string, end: string) => {
    const parts: MultipartPart[] = [
      { name: 'title', value: `Event ${start}` },
      { name: 'startDate', value: start },
      { name: 'endDate', value: end },
    ];
    const { body, contentType } = multipartBody(parts);
    return t.request('/api/calendar/events', {
      method: 'POST',
      headers: { cookie, 'content-type': contentType },
      body,
    });
  };

  it.each([
    ['1900-01-01T00:00:00.000Z', '1900-01-01T00:00:00.001Z'],
    ['1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00.000Z'],
    ['2200-12-31T00:00:00.000Z', '2200-12-31T23:59:59.999Z'],
  ])('keeps an event from %s to %s exactly', async (start, end) => {
    const response = await sendEvent(start, end);
    expect(response.status, await response.clone().text()).toBe(201);
    const { event } = (await response.json()) as { event: { id: string; startDate: string; endDate: string } };
    expect([event.startDate, event.endDate]).toEqual([start, end]);
    const { events } = (await (await t.request('/api/calendar/events', { headers: { cookie } })).json()) as {
      events: { id: string; startDate: string; endDate: string }[];
    };
    const listed = events.find((e) => e.id === event.id)!;
    expect([listed.startDate, listed.endDate]).toEqual([start, end]);
  });

  it.each(OUT_OF_RANGE_DAYS)('refuses an event on %s with a readable 400', async (day) => {
    const response = await sendEvent(`${day}T10:00:00.000Z`, `${day}T11:00:00.000Z`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(DATE_OUT_OF_RANGE);
  });

  it('answers a partner-list cursor holding a NUL with a 400, not a 500', async () => {
    const cursor = Buffer.from(JSON.stringify(['a\u0000b', crypto.randomUUID()]), 'utf8').toString('base64url');
    const response = await t.request(`/api/partners?cursor=${cursor}`, { headers: { cookie } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Invalid cursor' });
  });
});
