import { asc, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, onboardingProgress, onboardingSteps } from '#server/db/schema';
import { multipartBody } from '#test-support/multipart';
import { startS3Server } from '#test-support/s3-server';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { OnboardingStep, OnboardingView, PersonOnboarding } from '#shared/onboarding';

/** A few seconds of WebM recorded by Chromium (the e2e test uploads the same file). */
const VIDEO = readFileSync(new URL('../../../../e2e/fixtures/onboarding-step.webm', import.meta.url));
const STEP_TITLES = [
  'Getting Started as a Coordinator',
  'Understanding Cardholder Needs',
  'Tools and Resources',
  'Best Practices and Tips',
];
/** MAX_UPLOAD_MB is below the video, so an accepted upload shows the video route has its own limit. */
const LIMITS = { MAX_UPLOAD_MB: '0.01', ONBOARDING_VIDEO_MAX_MB: '0.05' };

async function videoKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of t.deps.storage.list('onboarding-videos')) keys.push(object.key);
  return keys.sort();
}

/** The calls both storage back ends share. */
function onboardingApi(t: TestApp, cookies: Map<TestUser, string>) {
  const as = (u: TestUser) => ({ cookie: cookies.get(u)! });
  return {
    as,
    view: async (u: TestUser) => {
      const response = await t.request('/api/onboarding', { headers: as(u) });
      expect(response.status).toBe(200);
      return (await response.json()) as OnboardingView;
    },
    upload: (u: TestUser, stepId: string, value: Buffer, filename = 'welcome.webm') => {
      const { body, contentType } = multipartBody([{ name: 'video', filename, value, contentType: 'video/webm' }]);
      return t.request(`/api/onboarding/steps/${stepId}/video`, {
        method: 'POST',
        headers: { ...as(u), 'content-type': contentType },
        body,
      });
    },
    stream: (u: TestUser, url: string, range?: string) =>
      t.request(url, { headers: { ...as(u), ...(range === undefined ? {} : { range }) } }),
  };
}

/** Checks the range answers of a stored video against its bytes. */
async function expectRanges(api: ReturnType<typeof onboardingApi>, reader: TestUser, url: string) {
  const size = VIDEO.length;
  const whole = await api.stream(reader, url);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('video/webm');
  expect(whole.headers.get('accept-ranges')).toBe('bytes');
  expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
  expect(whole.headers.get('content-length')).toBe(String(size));
  expect(Buffer.from(await whole.arrayBuffer())).toEqual(VIDEO);

  const cases: [string, number, number][] = [
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, size - 1],
    ['bytes=-50', size - 50, size - 1],
    ['bytes=1000-999999', 1000, size - 1],
  ];
  for (const [header, start, end] of cases) {
    const part = await api.stream(reader, url, header);
    expect(part.status, header).toBe(206);
    expect(part.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/${size}`);
    expect(part.headers.get('content-length'), header).toBe(String(end - start + 1));
    expect(part.headers.get('content-type'), header).toBe('video/webm');
    expect(Buffer.from(await part.arrayBuffer()), header).toEqual(VIDEO.subarray(start, end + 1));
  }
  for (const header of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=abc', 'bytes=9-3', 'pages=1-2']) {
    const refused = await api.stream(reader, url, header);
    expect(refused.status, header).toBe(416);
    expect(refused.headers.get('content-range'), header).toBe(`bytes */${size}`);
    expect(await refused.text(), header).toBe('');
  }
}

describe.each(testDatabaseTargets())('onboarding on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let coordinator: TestUser;
  let other: TestUser;
  const cookies = new Map<TestUser, string>();
  let api: ReturnType<typeof onboardingApi>;

  beforeAll(async () => {
    t = await createTestApp(target, LIMITS);
    admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    coordinator = await t.createUser({ email: 'sam@example.org', password: 'sam-secret' });
    other = await t.createUser({ email: 'kim@example.org', password: 'kim-secret' });
    for (const u of [admin, coordinator, other]) cookies.set(u, await t.signIn(u.email, u.password));
    api = onboardingApi(t, cookies);
  });
  afterAll(async () => {
    await t?.close();
  });

  const stepsTable = async () =>
    JSON.stringify(await t.db.select().from(onboardingSteps).orderBy(asc(onboardingSteps.id)));
  const firstStep = async () => (await api.view(coordinator)).steps[0]!;

  it('shows the four default steps of SPEC.md, numbered, without videos or progress', async () => {
    const view = await api.view(coordinator);
    expect(view.steps.map((s) => s.title)).toEqual(STEP_TITLES);
    expect(view.steps.map((s) => s.number)).toEqual([1, 2, 3, 4]);
    expect(view.steps.every((s) => s.video === null && !s.progress.done)).toBe(true);
    expect(view).toMatchObject({ done: 0, total: 4, videoMaxMb: 0.05 });
  });

  it('lets only admins manage steps: a coordinator gets 403 and nothing changes', async () => {
    const step = await firstStep();
    const before = await stepsTable();
    const json = { 'content-type': 'application/json', ...api.as(coordinator) };
    const calls: [string, string, unknown][] = [
      ['POST', '/api/onboarding/steps', { title: 'Mine' }],
      ['PUT', `/api/onboarding/steps/${step.id}`, { title: 'Renamed' }],
      ['DELETE', `/api/onboarding/steps/${step.id}`, undefined],
      ['PUT', '/api/onboarding/order', { ids: [step.id] }],
      ['DELETE', `/api/onboarding/steps/${step.id}/video`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.request(path, {
        method,
        headers: json,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect((await api.upload(coordinator, step.id, VIDEO)).status).toBe(403);
    expect((await t.request('/api/onboarding/people', { headers: api.as(coordinator) })).status).toBe(403);
    expect(await stepsTable()).toBe(before);
    expect(await videoKeys(t)).toEqual([]);
  });

  it('adds, edits with a link, reorders and removes steps; bad input is refused and changes nothing', async () => {
    const created = await t.postJson(
      '/api/onboarding/steps',
      { title: '  Safeguarding  ', description: 'Keeping people safe.' },
      api.as(admin),
    );
    expect(created.status).toBe(201);
    const { step } = (await created.json()) as { step: OnboardingStep };
    expect(step).toMatchObject({ title: 'Safeguarding', number: 5, video: null });

    const before = await stepsTable();
    for (const [body, message] of [
      [{ title: '' }, 'Please enter a title'],
      [{ title: 'x'.repeat(201) }, 'A title can be at most 200 characters'],
      [
        { title: 'Ok', videoLink: 'javascript:alert(1)' },
        'Please enter a full http:// or https:// address of the video page',
      ],
      [
        { title: 'Ok', videoLink: 'ftp://videos.example.org/a' },
        'Please enter a full http:// or https:// address of the video page',
      ],
      [{ title: 'Ok', videoLink: 'not a url' }, 'Please enter a full http:// or https:// address of the video page'],
    ] as const) {
      const response = await t.sendJson('PUT', `/api/onboarding/steps/${step.id}`, body, api.as(admin));
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
    }
    const missing = await t.sendJson(
      'PUT',
      '/api/onboarding/steps/00000000-0000-4000-8000-000000000000',
      { title: 'Gone' },
      api.as(admin),
    );
    expect(missing.status).toBe(404);
    expect(await stepsTable()).toBe(before);

    const edited = await t.sendJson(
      'PUT',
      `/api/onboarding/steps/${step.id}`,
      { title: 'Safeguarding', description: '', videoLink: 'https://videos.example.org/safeguarding' },
      api.as(admin),
    );
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { step: OnboardingStep }).step).toMatchObject({
      description: null,
      video: { kind: 'link', url: 'https://videos.example.org/safeguarding' },
    });

    const ids = (await api.view(admin)).steps.map((s) => s.id);
    const reversed = [...ids].reverse();
    const stale = await t.sendJson('PUT', '/api/onboarding/order', { ids: reversed.slice(1) }, api.as(admin));
    expect(stale.status).toBe(409);
    const twice = await t.sendJson('PUT', '/api/onboarding/order', { ids: [ids[0], ids[0]] }, api.as(admin));
    expect(twice.status).toBe(400);
    expect((await api.view(admin)).steps.map((s) => s.id)).toEqual(ids);
    expect((await t.sendJson('PUT', '/api/onboarding/order', { ids: reversed }, api.as(admin))).status).toBe(200);
    expect((await api.view(coordinator)).steps.map((s) => s.id)).toEqual(reversed);
    expect((await t.sendJson('PUT', '/api/onboarding/order', { ids }, api.as(admin))).status).toBe(200);

    const removed = await t.request(`/api/onboarding/steps/${step.id}`, { method: 'DELETE', headers: api.as(admin) });
    expect(removed.status).toBe(200);
    expect((await api.view(coordinator)).steps.map((s) => s.title)).toEqual(STEP_TITLES);
  });

  it('takes a real video beyond the file limit, streams it with ranges, and refuses what is not a video', async () => {
    const step = await firstStep();
    expect(VIDEO.length).toBeGreaterThan(0.01 * 1024 * 1024);

    const before = await stepsTable();
    const renamed = await api.upload(
      admin,
      step.id,
      Buffer.from('Meeting notes, not a video.\n'.repeat(20)),
      'training.mp4',
    );
    expect(renamed.status).toBe(400);
    expect(((await renamed.json()) as { error: string }).error).toBe(
      'This file is not an MP4 or WebM video. Please choose an .mp4 or .webm video file.',
    );
    const matroska = Buffer.concat([VIDEO.subarray(0, 24), Buffer.from('matroska'), VIDEO.subarray(32)]);
    expect((await api.upload(admin, step.id, matroska, 'talk.webm')).status).toBe(400);
    // Over ONBOARDING_VIDEO_MAX_MB (50 KB): a WebM header followed by filler.
    const huge = Buffer.concat([VIDEO, Buffer.alloc(60 * 1024, 7)]);
    const tooLarge = await api.upload(admin, step.id, huge, 'long.webm');
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: string }).error).toBe('Videos larger than 0.05 MB cannot be uploaded.');
    expect(await stepsTable()).toBe(before);
    expect(await videoKeys(t)).toEqual([]);

    const uploaded = await api.upload(admin, step.id, VIDEO);
    expect(uploaded.status).toBe(200);
    const video = ((await uploaded.json()) as { step: OnboardingStep }).step.video;
    expect(video).toMatchObject({ kind: 'upload', type: 'video/webm', size: VIDEO.length, name: 'welcome.webm' });
    expect(await videoKeys(t)).toHaveLength(1);
    await expectRanges(api, coordinator, video!.url);

    // A link cannot sit beside an uploaded video.
    const link = await t.sendJson(
      'PUT',
      `/api/onboarding/steps/${step.id}`,
      { title: step.title, videoLink: 'https://videos.example.org/x' },
      api.as(admin),
    );
    expect(link.status).toBe(409);

    // Replacing the video deletes the old object; removing it deletes the new one.
    const [oldKey] = await videoKeys(t);
    expect((await api.upload(admin, step.id, VIDEO, 'again.webm')).status).toBe(200);
    const keys = await videoKeys(t);
    expect(keys).toHaveLength(1);
    expect(keys).not.toContain(oldKey);
    const gone = await t.request(`/api/onboarding/steps/${step.id}/video`, {
      method: 'DELETE',
      headers: api.as(admin),
    });
    expect(gone.status).toBe(200);
    expect(await videoKeys(t)).toEqual([]);
    expect((await api.stream(coordinator, `/api/onboarding/steps/${step.id}/video`)).status).toBe(404);
  });

  it('deletes the video of a deleted step, and everyone’s progress on it', async () => {
    const created = await t.postJson('/api/onboarding/steps', { title: 'Temporary' }, api.as(admin));
    const { step } = (await created.json()) as { step: OnboardingStep };
    expect((await api.upload(admin, step.id, VIDEO)).status).toBe(200);
    expect((await t.postJson(`/api/onboarding/steps/${step.id}/done`, undefined, api.as(coordinator))).status).toBe(
      200,
    );
    const [key] = await videoKeys(t);
    expect(await t.deps.storage.exists(key!)).toBe(true);
    expect(
      (await t.request(`/api/onboarding/steps/${step.id}`, { method: 'DELETE', headers: api.as(admin) })).status,
    ).toBe(200);
    expect(await t.deps.storage.exists(key!)).toBe(false);
    expect(await t.db.select().from(onboardingProgress).where(eq(onboardingProgress.stepId, step.id))).toEqual([]);
  });

  it('counts a step done at 90% watched or when marked done; progress never goes backwards', async () => {
    const [first, second] = (await api.view(other)).steps;
    const report = (stepId: string, watchedSeconds: number, durationSeconds = 100) =>
      t.sendJson('PUT', `/api/onboarding/steps/${stepId}/progress`, { watchedSeconds, durationSeconds }, api.as(other));
    const progressOf = async (response: Response) => {
      expect(response.status).toBe(200);
      return ((await response.json()) as { progress: OnboardingStep['progress'] }).progress;
    };
    const completions = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(activity)
          .where(eq(activity.action, 'onboarding_step.completed'))
      )[0]!.n;
    const completedBefore = await completions();

    expect(await progressOf(await report(first!.id, 30))).toEqual({
      watchedSeconds: 30,
      durationSeconds: 100,
      done: false,
    });
    expect(await progressOf(await report(first!.id, 10))).toMatchObject({ watchedSeconds: 30, done: false });
    expect(await progressOf(await report(first!.id, 89.9))).toMatchObject({ watchedSeconds: 89.9, done: false });
    expect(await progressOf(await report(first!.id, 90))).toMatchObject({ watchedSeconds: 90, done: true });
    // Rewinding to watch again keeps the step done and the furthest point.
    expect(await progressOf(await report(first!.id, 5))).toMatchObject({ watchedSeconds: 90, done: true });
    expect(await completions()).toBe(completedBefore + 1);

    for (const body of [
      { watchedSeconds: -1, durationSeconds: 10 },
      { watchedSeconds: 1, durationSeconds: 0 },
      { watchedSeconds: 'a lot', durationSeconds: 10 },
      { watchedSeconds: 1 },
    ]) {
      const refused = await t.sendJson('PUT', `/api/onboarding/steps/${second!.id}/progress`, body, api.as(other));
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await t.postJson(
      '/api/onboarding/steps/00000000-0000-4000-8000-000000000000/done',
      undefined,
      api.as(other),
    );
    expect(missing.status).toBe(404);

    expect(
      await progressOf(await t.postJson(`/api/onboarding/steps/${second!.id}/done`, undefined, api.as(other))),
    ).toMatchObject({ done: true });
    // Marking it again changes nothing and records nothing.
    await progressOf(await t.postJson(`/api/onboarding/steps/${second!.id}/done`, undefined, api.as(other)));
    expect(await completions()).toBe(completedBefore + 2);

    const view = await api.view(other);
    expect(view).toMatchObject({ done: 2, total: 4 });
    expect(view.steps.map((s) => s.progress.done)).toEqual([true, true, false, false]);
    // Nobody else's progress moved.
    expect((await api.view(coordinator)).done).toBe(0);
  });

  it('answers everyone’s progress to User Management in one list', async () => {
    const response = await t.request('/api/onboarding/people', { headers: api.as(admin) });
    expect(response.status).toBe(200);
    const { total, people } = (await response.json()) as { total: number; people: PersonOnboarding[] };
    expect(total).toBe(4);
    expect(people).toContainEqual({ userId: other.id, done: 2 });
    expect(people.find((p) => p.userId === coordinator.id)).toBeUndefined();
  });
});

// Streaming from a bucket: the storage differs, one database is enough.
describe('onboarding videos on S3-compatible storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  let admin: TestUser;
  let coordinator: TestUser;
  const cookies = new Map<TestUser, string>();

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(testDatabaseTargets()[0]!, { ...LIMITS, ...s3.env });
    admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    coordinator = await t.createUser({ email: 'sam@example.org', password: 'sam-secret' });
    for (const u of [admin, coordinator]) cookies.set(u, await t.signIn(u.email, u.password));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads to the bucket, streams ranges from it, refuses oversize videos and deletes', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    const api = onboardingApi(t, cookies);
    const step = (await api.view(coordinator)).steps[0]!;
    expect((await api.upload(admin, step.id, Buffer.concat([VIDEO, Buffer.alloc(60 * 1024)]))).status).toBe(413);
    expect(await videoKeys(t)).toEqual([]);
    const uploaded = await api.upload(admin, step.id, VIDEO);
    expect(uploaded.status).toBe(200);
    const { video } = ((await uploaded.json()) as { step: OnboardingStep }).step;
    await expectRanges(api, coordinator, video!.url);
    expect(
      (await t.request(`/api/onboarding/steps/${step.id}`, { method: 'DELETE', headers: api.as(admin) })).status,
    ).toBe(200);
    expect(await videoKeys(t)).toEqual([]);
  });
});
