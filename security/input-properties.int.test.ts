import fc from 'fast-check';
import { ZodObject, ZodPipe, type ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, gt, sql } from 'drizzle-orm';
import { activity, forms, onboardingSteps, partnerTags, signInThrottle } from '#server/db/schema';
import { multipartBody } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { MATRIX } from './support/access-matrix.table';
import { hostileBodies, POLLUTION_MARKER, rawBodies } from './support/hostile-input';
import { ensureMergedFixture, JSON_ENDPOINTS, type EndpointTargets, type JsonEndpoint } from './support/json-endpoints';
import { snapshotData } from './support/matrix-context';

/** What a refusal may add to the audit log: a refused sign-in, or a refused admin action (decision 0103). */
const REFUSAL_RECORDS = ['sign_in.failed', 'sign_in.locked_out', 'admin.refused'];

interface Snapshot {
  data: string;
  lastSeq: number;
}

/**
 * Property tests over every JSON endpoint (issue 9): random, boundary, wrong-typed, huge,
 * unicode and prototype-polluting bodies never cause a server error or a partial write; a
 * refusal is a readable message; an accepted body is one the schema really accepts.
 */

const RUNS = 40;
const RAW_RUNS = 10;
const QUERY_RUNS = 25;
/**
 * Routes that take multipart uploads, not JSON (their own tests: upload-corpus.int.test.ts).
 * POST /api/chat/messages takes both: JSON is fuzzed here (JSON_ENDPOINTS), its multipart form
 * with attachments is tested in src/server/features/chat/attachments.int.test.ts.
 */
const MULTIPART_ROUTES = [
  'POST /api/files',
  'POST /api/calendar/events',
  'PUT /api/calendar/events/:id',
  'POST /api/giving/imports/uploads',
  'POST /api/partners/imports/uploads',
  'POST /api/organization/logo',
  'POST /api/onboarding/steps/:id/video',
];
/** Actions whose path says everything: they read no body at all. */
const BODYLESS_ROUTES = [
  'POST /api/email/outbox/:id/retry',
  'POST /api/notifications/read-all',
  'POST /api/notifications/:id/read',
  'POST /api/unsubscribe',
  'POST /api/settings/sessions/end-others',
  'POST /api/accounts/:id/deactivate',
  'POST /api/accounts/:id/reactivate',
  'POST /api/accounts/:id/password-reset',
  'POST /api/accounts/:id/temporary-password',
  'POST /api/accounts/:id/two-factor-reset',
  'POST /api/jobs/:id/cancel',
  'POST /api/giving/imports/batches/:id/undo',
  'POST /api/partners/imports/batches/:id/undo',
  'POST /api/partners/:id/archive',
  'POST /api/partners/:id/unarchive',
  'POST /api/forms/:id/link',
  'POST /api/onboarding/steps/:id/done',
  'POST /api/calendar/feed/renew',
  'POST /api/export',
];

/**
 * The writes an offline queue resends, which honour an `Idempotency-Key` header (issue 24,
 * decision 0129): any value of it is a readable answer, never a server error, and a key the
 * server accepts answers a resend with the first answer.
 */
const IDEMPOTENT_ROUTES = [
  'POST /api/chat/messages',
  'POST /api/tasks',
  'PATCH /api/tasks/:id',
  'POST /api/partners/:id/contacts',
];
const IDEMPOTENCY_KEY_RUNS = 15;

function keysOf(schema: ZodType): string[] {
  // An object schema with a transform after it (create user's password-or-invitation rule).
  if (schema instanceof ZodPipe) return keysOf(schema.in as ZodType);
  if (!(schema instanceof ZodObject)) throw new Error('every JSON body schema is an object schema');
  return Object.keys(schema.shape);
}

describe.each(testDatabaseTargets())('hostile JSON bodies on $name', (target) => {
  let t: TestApp;
  let cookie: string;
  let targets: EndpointTargets;

  beforeAll(async () => {
    t = await createTestApp(target);
    const admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    const coordinator = await t.createUser({ email: 'co@example.org', password: 'co-secret', role: 'coordinator' });
    const plain = await t.createUser({ email: 'plain@example.org', password: 'plain-secret', role: 'none' });
    // Whose role and details the account endpoints change, leaving the fixtures above as they are.
    const account = await t.createUser({ email: 'account@example.org', password: 'account-secret', role: 'none' });
    cookie = await t.signIn(admin.email, admin.password);
    const task = await t.postJson('/api/tasks', { title: 'Fixture task' }, { cookie });
    const chatMessage = await t.postJson(
      '/api/chat/messages',
      { chatType: 'partner', partner: 'General Partners', content: 'Fixture message' },
      { cookie },
    );
    const form = await t.postJson(
      '/api/forms',
      { title: 'Fixture form', fields: [{ id: 'a', label: 'Name', type: 'text' }] },
      { cookie },
    );
    const partner = await t.postJson('/api/partners', { name: 'Fixture', email: 'f@example.org' }, { cookie });
    await ensureMergedFixture(t.db);
    // Inserted without an author, so the tag-creating endpoint's restore (which deletes authored tags) keeps it.
    const [tag] = await t.db.insert(partnerTags).values({ name: 'Fixture tag' }).returning({ id: partnerTags.id });
    // A gift no partner is named for, which the unlinked helper links (and the restore unlinks).
    await t.postJson(
      '/api/giving/donations',
      { partnerName: 'Fixture unlinked', amount: '5.00', donationType: 'one-time', notes: 'unlinked fixture' },
      { cookie },
    );
    const gift = await t.postJson(
      '/api/giving/donations',
      { partnerName: 'Fixture', amount: '25.00', donationType: 'one-time' },
      { cookie },
    );
    const { body, contentType } = multipartBody([
      {
        name: 'file',
        filename: 'gifts.csv',
        value: 'Date,Amount,Name\n2024-03-01,5,Fixture\n',
        contentType: 'text/csv',
      },
    ]);
    const upload = await t.request('/api/giving/imports/uploads', {
      method: 'POST',
      headers: { cookie, 'content-type': contentType },
      body,
    });
    const partnerCsv = multipartBody([
      {
        name: 'file',
        filename: 'partners.csv',
        value: 'Name,Email\nFixture,fixture@example.org\n',
        contentType: 'text/csv',
      },
    ]);
    const partnerUpload = await t.request('/api/partners/imports/uploads', {
      method: 'POST',
      headers: { cookie, 'content-type': partnerCsv.contentType },
      body: partnerCsv.body,
    });
    // A form of its own for the public endpoint: the accepted edits of the first change its fields.
    const publicForm = await t.postJson(
      '/api/forms',
      { title: 'Fixture public form', fields: [{ id: 'a', label: 'Name', type: 'text' }] },
      { cookie },
    );
    const publicFormId = ((await publicForm.json()) as { form: { id: string } }).form.id;
    const [formRow] = await t.db.select({ token: forms.publicToken }).from(forms).where(eq(forms.id, publicFormId));
    // A file to rename and a folder to rename (issue 27 item 4).
    const filePart = multipartBody([
      { name: 'file', filename: 'fixture.txt', value: 'fixture', contentType: 'text/plain' },
    ]);
    const fixtureFile = await t.request('/api/files?folder=%2F', {
      method: 'POST',
      headers: { cookie, 'content-type': filePart.contentType },
      body: filePart.body,
    });
    await JSON_ENDPOINTS['PATCH /api/files/folders']!.restore!(t.db);
    // The four steps the migration inserts: the order endpoint's body names them all.
    const steps = await t.db.select({ id: onboardingSteps.id }).from(onboardingSteps).orderBy(onboardingSteps.position);
    targets = {
      onboardingStepIds: steps.map((s) => s.id),
      fileId: ((await fixtureFile.json()) as { file: { id: string } }).file.id,
      formToken: formRow!.token,
      giftImportUploadId: ((await upload.json()) as { upload: { id: string } }).upload.id,
      partnerImportUploadId: ((await partnerUpload.json()) as { upload: { id: string } }).upload.id,
      coordinatorId: coordinator.id,
      accountId: account.id,
      plainUserEmail: plain.email,
      taskId: ((await task.json()) as { task: { id: string } }).task.id,
      messageId: ((await chatMessage.json()) as { message: { id: number } }).message.id,
      formId: ((await form.json()) as { form: { id: string } }).form.id,
      partnerId: ((await partner.json()) as { partner: { id: string } }).partner.id,
      tagId: tag!.id,
      giftId: ((await gift.json()) as { donation: { id: string } }).donation.id,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fuzzes every state-changing API route that takes JSON', () => {
    const withBodies = Object.keys(MATRIX).filter(
      (r) => /^(POST|PUT|PATCH) /.test(r) && !MULTIPART_ROUTES.includes(r) && !BODYLESS_ROUTES.includes(r),
    );
    expect(
      Object.keys(JSON_ENDPOINTS)
        .filter((r) => !r.startsWith('POST /api/auth/'))
        .sort(),
    ).toEqual(withBodies.sort());
  });

  async function send(endpoint: JsonEndpoint, body: string | undefined) {
    // Guessed sign-ins would otherwise end up throttled (429), hiding the validation path.
    await t.db.delete(signInThrottle);
    return t.request(endpoint.path(targets), {
      method: endpoint.method,
      headers: { cookie, 'content-type': 'application/json' },
      body,
    });
  }

  /** The data apart from the audit log, and where the log ended. */
  async function snapshot(): Promise<Snapshot> {
    const [last] = await t.db.select({ seq: sql<number>`coalesce(max(${activity.seq}), 0)::int` }).from(activity);
    return { data: await snapshotData(t, ['activity']), lastSeq: last!.seq };
  }

  /** The answer is never a server error; a refusal is readable and wrote nothing. */
  async function expectSafeAnswer(endpoint: JsonEndpoint, body: unknown, response: Response, before: Snapshot) {
    const text = await response.text();
    const label = `${response.status} ${text.slice(0, 300)}`;
    expect(response.status, label).toBeLessThan(500);
    const answer = JSON.parse(text) as Record<string, unknown>;
    if (response.status >= 400) {
      const message = answer[endpoint.errorKey ?? 'error'];
      expect(typeof message, label).toBe('string');
      expect((message as string).length, label).toBeGreaterThan(0);
      expect(message as string, label).not.toMatch(/\n\s+at |Error:|TypeError|SQL|syntax error|\[object|\bstack\b/);
      expect(await snapshotData(t, ['activity']), `${label}: a refusal writes nothing`).toBe(before.data);
      // ...but the audit log, which records a refused sign-in or admin action (decision 0103).
      const added = await t.db
        .select({ action: activity.action })
        .from(activity)
        .where(gt(activity.seq, before.lastSeq));
      for (const entry of added) expect(REFUSAL_RECORDS, label).toContain(entry.action);
    } else {
      expect(endpoint.schema.safeParse(body).success, `${label}: accepted an invalid body`).toBe(true);
    }
    expect(({} as Record<string, unknown>)[POLLUTION_MARKER], 'Object.prototype polluted').toBeUndefined();
  }

  const QUERY_ROUTES: Record<string, readonly string[]> = {
    '/api/partners': ['q', 'status', 'zone', 'cardholder', 'tags', 'match', 'archived', 'sort', 'cursor', 'limit'],
    '/api/partners/count': ['q', 'status', 'zone', 'cardholder', 'tags', 'match', 'archived'],
    '/api/partners/export.csv': ['q', 'status', 'zone', 'cardholder', 'tags', 'match', 'archived'],
    '/api/dashboard/summary': ['tz'],
    '/api/giving/partner-options': ['q'],
    '/api/giving/insights': ['tz'],
    '/api/giving/gifts': ['from', 'to', 'partnerId', 'type', 'method', 'min', 'max', 'q', 'voided', 'cursor'],
    '/api/chat/messages': ['chatType', 'partner', 'before', 'after', 'around'],
    '/api/chat/members': ['chatType', 'partner'],
    '/api/chat/search': ['q', 'before'],
    '/api/files': ['folder'],
    '/api/files/folders/summary': ['path'],
    '/api/calendar/occurrences': ['from', 'to'],
  };

  it.each(Object.entries(QUERY_ROUTES))(
    'answers any query string on GET %s without a server error',
    async (path, keys) => {
      const value = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 500 }),
        fc.constantFrom('\u0000', '%', '_', '\\', "'", '-1', '1e9'),
      );
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...keys), value), async (query) => {
          const response = await t.request(`${path}?${new URLSearchParams(query)}`, { headers: { cookie } });
          const text = await response.text();
          expect(response.status, text.slice(0, 300)).toBeLessThan(500);
          if (response.status >= 400) expect(typeof (JSON.parse(text) as { error: unknown }).error).toBe('string');
        }),
        { numRuns: QUERY_RUNS },
      );
    },
  );

  it.each(IDEMPOTENT_ROUTES)('answers any Idempotency-Key on %s readably, and a resend once', async (route) => {
    const endpoint = JSON_ENDPOINTS[route]!;
    // Header values cannot hold line breaks or NUL; everything else printable, spaces included.
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
      maxLength: 260,
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(printable, fc.uuid()), async (key) => {
        const before = await snapshot();
        const body = JSON.stringify(endpoint.valid(targets));
        const request = () =>
          t.request(endpoint.path(targets), {
            method: endpoint.method,
            headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
            body,
          });
        const first = await request();
        const firstText = await first.clone().text();
        await expectSafeAnswer(endpoint, JSON.parse(body), first, before);
        if (first.status < 300) {
          const again = await request();
          expect(again.status).toBe(first.status);
          expect(again.headers.get('idempotent-replayed')).toBe('true');
          expect(await again.text()).toBe(firstText);
        }
        await endpoint.restore?.(t.db);
      }),
      { numRuns: IDEMPOTENCY_KEY_RUNS },
    );
  });

  describe.each(Object.entries(JSON_ENDPOINTS))('%s', (_name, endpoint) => {
    it('accepts its valid body (the fuzzing starts from a working request)', async () => {
      const response = await send(endpoint, JSON.stringify(endpoint.valid(targets)));
      await endpoint.restore?.(t.db);
      const expected = endpoint.errorKey === 'message' ? 401 : response.status;
      expect(response.status, await response.clone().text()).toBe(expected);
      if (!endpoint.errorKey) expect(response.status).toBeLessThan(300);
    });

    it('never fails, never writes part of a refused body, and always explains a refusal', async () => {
      await fc.assert(
        fc.asyncProperty(hostileBodies(keysOf(endpoint.schema), endpoint.valid(targets)), async (body) => {
          const before = await snapshot();
          const wire = body === undefined ? undefined : JSON.stringify(body);
          const response = await send(endpoint, wire);
          // Judge what the server received: JSON turns -Infinity and NaN into null, and drops undefined.
          await expectSafeAnswer(endpoint, wire === undefined ? undefined : JSON.parse(wire), response, before);
          await endpoint.restore?.(t.db);
        }),
        { numRuns: RUNS },
      );
    });

    it('answers a body that is not the JSON it expects with a readable 400', async () => {
      await fc.assert(
        fc.asyncProperty(rawBodies, async (raw) => {
          const before = await snapshot();
          const response = await send(endpoint, raw);
          let parsed: unknown = Symbol('not json');
          try {
            parsed = JSON.parse(raw);
          } catch {
            expect(response.status, raw.slice(0, 50)).toBe(400);
          }
          await expectSafeAnswer(endpoint, parsed, response, before);
        }),
        { numRuns: RAW_RUNS },
      );
    });
  });
});
