/**
 * Scenario 12, forms (issue 21): 'View Responses' at 100,000 responses to one form (the first
 * page, the page ten "Load more" down, and the summary per field) through the API as an admin,
 * and public submissions per second to another form, each from its own address, as a crowd of
 * people answering a link at once would send them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { sampleMs, summarize, type Summary } from '../stats';
import { getOk } from './dashboard';

export interface FormFigures {
  responses: number;
  firstPage: Summary;
  deeperPage: Summary;
  summary: Summary;
  submissions: { count: number; concurrency: number; seconds: number; perSecond: number; p95: Summary['p95'] };
}

/** The fields both bench forms have: one of each kind the summary counts differently. */
const FIELDS = [
  { id: 'name', label: 'Your name', type: 'text', required: true },
  { id: 'email', label: 'Email', type: 'email', required: true },
  { id: 'guests', label: 'Guests', type: 'number', required: false },
  { id: 'session', label: 'Session', type: 'single_choice', required: true, options: ['Morning', 'Evening'] },
  {
    id: 'help',
    label: 'I can help with',
    type: 'multiple_choice',
    required: false,
    options: ['Food', 'Music', 'Prayer', 'Setup'],
  },
  { id: 'notes', label: 'Anything else?', type: 'textarea', required: false },
];

/**
 * Two forms: one with `responses` answers spread over a year (one statement, generated in the
 * database), one empty for the submissions. Answers are stored as the public endpoint stores
 * them: each with its field's label and type.
 */
export async function seedForms(db: Db, responses: number): Promise<{ readFormId: string; answerToken: string }> {
  const fields = JSON.stringify(FIELDS);
  const result = (await db.execute(sql`
    insert into forms (title, description, fields)
    values ('Volunteer sign-up', 'Bench: many responses', ${fields}::jsonb),
           ('Retreat registration', 'Bench: public submissions', ${fields}::jsonb)
    returning id, public_token`)) as unknown as { rows: { id: string; public_token: string }[] };
  const [read, answer] = result.rows;
  if (!read || !answer) throw new Error('bench: the forms were not created');
  await db.execute(sql`
    insert into form_responses (form_id, answers, created_at)
    select ${read.id}::uuid,
      jsonb_build_array(
        jsonb_build_object('fieldId', 'name', 'label', 'Your name', 'type', 'text', 'value', 'Guest ' || i),
        jsonb_build_object('fieldId', 'email', 'label', 'Email', 'type', 'email', 'value', 'guest' || i || '@example.org'),
        jsonb_build_object('fieldId', 'guests', 'label', 'Guests', 'type', 'number', 'value', i % 5),
        jsonb_build_object('fieldId', 'session', 'label', 'Session', 'type', 'single_choice',
          'value', case when i % 3 = 0 then 'Evening' else 'Morning' end),
        jsonb_build_object('fieldId', 'help', 'label', 'I can help with', 'type', 'multiple_choice',
          'value', case when i % 2 = 0 then '["Food","Prayer"]'::jsonb else '["Music"]'::jsonb end)
      ),
      now() - (i * interval '5 minutes')
    from generate_series(1, ${responses}) as i`);
  await db.execute(sql`update forms set response_count = ${responses} where id = ${read.id}::uuid`);
  return { readFormId: read.id, answerToken: answer.public_token };
}

/** p50/p95 of the responses pages and the summary at the seeded count. */
async function measureResponsePages(url: string, cookie: string, formId: string, samples: number) {
  const api = `${url}/api/forms/${formId}/responses`;
  let cursor = '';
  for (let page = 0; page < 10; page++) {
    const body = JSON.parse(await getOk(cursor ? `${api}?cursor=${encodeURIComponent(cursor)}` : api, cookie)) as {
      nextCursor: string | null;
    };
    cursor = body.nextCursor ?? '';
  }
  if (!cursor) throw new Error('bench: the responses ran out before the tenth page');
  return {
    firstPage: summarize(await sampleMs(() => getOk(api, cookie), samples)),
    deeperPage: summarize(await sampleMs(() => getOk(`${api}?cursor=${encodeURIComponent(cursor)}`, cookie), samples)),
    // The summary reads every response (about a second on the embedded database at 100,000): fewer samples.
    summary: summarize(await sampleMs(() => getOk(`${api}/summary`, cookie), Math.min(samples, 20))),
  };
}

/**
 * `count` public submissions, `concurrency` at a time, each from its own address (the portal
 * trusts the bench as a proxy, TRUSTED_PROXIES, so X-Forwarded-For is believed): the address
 * limit never trips, and `count` stays under the form's own allowance, so the figure is the
 * submissions the portal stores per second, not how fast it refuses.
 */
async function measureSubmissions(url: string, token: string, count: number, concurrency: number) {
  const endpoint = `${url}/api/public/forms/${token}/responses`;
  const times: number[] = [];
  let next = 0;
  const answerOne = async (i: number) => {
    const body = JSON.stringify({
      answers: { name: `Visitor ${i}`, email: `visitor${i}@example.org`, guests: i % 4, session: 'Evening' },
    });
    const started = performance.now();
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: url,
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body,
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`bench: a submission answered ${response.status}`);
    times.push(performance.now() - started);
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) await answerOne(i + 1);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { count, concurrency, seconds, perSecond: count / seconds, p95: summarize(times).p95 };
}

export async function measureForms(
  url: string,
  cookie: string,
  seeded: { readFormId: string; answerToken: string; responses: number },
  samples: number,
): Promise<FormFigures> {
  const pages = await measureResponsePages(url, cookie, seeded.readFormId, samples);
  // Under the per-form allowance of the public routes (600 in 15 minutes).
  const submissions = await measureSubmissions(url, seeded.answerToken, 500, 10);
  return { responses: seeded.responses, ...pages, submissions };
}
