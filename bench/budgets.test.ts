import { describe, expect, it } from 'vitest';
import { checkBudgets, type Budgets } from './budgets';
import type { BenchResults, DatabaseFigures, Mode } from './results-types';
import type { FanOutFigure } from './scenarios/chat';
import type { HttpFigure } from './scenarios/http';
import type { Summary } from './stats';

const budgets: Budgets = {
  healthToBareNodeMin: 0.8,
  partnersPageToHealthMin: 0.3,
  dashboardP95MsMaxPostgres: 50,
  dashboardToDirectP95Max: 1.5,
  searchP95MsMax: 30,
  searchToDirectP95Max: 1.5,
  memoryStreams: 10_000,
  memoryAtStreamsMaxBytes: 1.5 * 2 ** 30,
  fanOutSubscribers: 1000,
  fanOutP99MsMax: 100,
  startupEmptyMsMax: 3000,
  authJsGzipKbMax: 150,
  auditPageP95MsMaxPostgres: 50,
  crowdP99MsMaxPostgres: 100,
  crowdP99MsMaxPglite: 250,
  crowdDashboardRpsMinPostgres: 1500,
  givingPageP95MsMaxPostgres: 50,
  givingPageP95MsMaxPglite: 100,
  tagFilterP95MsMaxPostgres: 30,
  formResponsesP95MsMaxPostgres: 50,
  chatFirstPageP95MsMaxPostgres: 100,
  chatSearchP95MsMaxPostgres: 50,
  calendarMonthP95MsMax: 50,
  videoRssGrowthMbMax: 100,
  exportRssGrowthMbMax: 100,
  importSecondsMaxPglite: 60,
  busyToIdleP99Max: 2,
  busyP99MsMax: 50,
};

const http = (requestsPerSecond: number): HttpFigure => ({
  requestsPerSecond,
  p50Ms: 1,
  p99Ms: 2,
  requests: 1,
  errors: 0,
  non2xx: 0,
});
const ms = (p95: number): Summary => ({ n: 10, p50: p95 / 2, p95, p99: p95, min: 1, max: p95 });
const fanOut = (streams: number, p99: number, rssMiB: number, perStreamKiB: number): FanOutFigure => ({
  streams,
  openSeconds: 1,
  latencyMs: { ...ms(p99), p99 },
  deliveriesPerSecond: 1000,
  messages: 5,
  missed: 0,
  serverRssBytes: rssMiB * 2 ** 20,
  bytesPerStream: perStreamKiB * 1024,
});

function database(overrides: Partial<DatabaseFigures> = {}): DatabaseFigures {
  return {
    seed: { partners: 1, donations: 1, seconds: 1 },
    http: { bareNode: http(10_000), honoFloor: http(9500), health: http(9000), partnersPage: http(3000) },
    dashboard: { api: ms(40), direct: ms(30), statements: 8 },
    search: {
      common: { term: 'a', matches: 1000, api: ms(20), direct: ms(15) },
      rare: { term: 'b', matches: 12, api: ms(10), direct: ms(8) },
    },
    chat: [fanOut(100, 20, 200, 50), fanOut(1000, 80, 250, 50)],
    email: { write: { alone: ms(2), withEmail: ms(3) }, delivery: { emails: 100, seconds: 1, perSecond: 100 } },
    startup: { emptyMs: [2000, 2500, 4000], populatedMs: [2000] },
    ...overrides,
  };
}

function results(mode: Mode, postgres: DatabaseFigures | { skipped: string }, authJsKiB = 140): BenchResults {
  return {
    meta: {
      date: '2026-11-22T00:00:00Z',
      mode,
      scale: {
        partners: 1,
        donations: 1,
        streams: [],
        httpSeconds: 1,
        httpRounds: 1,
        dashboardSamples: 1,
        searchSamples: 1,
        startupRuns: 1,
        emailSamples: 1,
        emailDeliveries: 1,
        auditEntries: 1,
        auditSamples: 1,
        crowdSeconds: 1,
        crowdWarmUpSeconds: 1,
      },
      machine: { cpus: 2, cpuModel: 'x', memoryGiB: 1, os: 'x', node: 'x' },
      seconds: 1,
    },
    databases: { pglite: database(), postgres },
    client: {
      auth: { jsGzipBytes: authJsKiB * 1024, cssGzipBytes: 1, files: [] },
      dashboard: { jsGzipBytes: 1, cssGzipBytes: 1, files: [] },
      featuresInEntry: [],
    },
  };
}

const outcomes = (checks: ReturnType<typeof checkBudgets>) =>
  Object.fromEntries(checks.map((c) => [c.name, c.outcome]));

describe('checkBudgets', () => {
  it('passes figures within every budget, and leaves out a skipped database', () => {
    const checks = checkBudgets(results('full', { skipped: 'BENCH_DATABASE_URL is not set' }), budgets);
    expect(checks.filter((c) => c.outcome !== 'pass')).toEqual([]);
    expect(checks.some((c) => c.name.startsWith('postgres'))).toBe(false);
  });

  it('names each budget missed', () => {
    const slow = database({
      http: { bareNode: http(10_000), honoFloor: http(9500), health: http(5000), partnersPage: http(2000) },
      dashboard: { api: ms(90), direct: ms(30), statements: 8 },
      startup: { emptyMs: [5000], populatedMs: [5000] },
      audit: {
        entries: 1_000_000,
        seedSeconds: 1,
        write: { alone: ms(1), withEntry: ms(2) },
        pages: { first: ms(5), deeper: ms(6), byPerson: ms(8), byAction: ms(70), byMonth: ms(9) },
      },
    });
    const checks = checkBudgets(results('full', slow, 190), budgets);
    const missed = checks.filter((c) => c.outcome === 'miss').map((c) => c.name);
    expect(missed).toEqual([
      'postgres: /api/health req/s vs bare node:http',
      'postgres: audit log page p95 ms (slowest)',
      'postgres: dashboard p95 ms',
      'postgres: dashboard p95 vs direct SQL',
      'postgres: start-up ms on an empty data store (median)',
      'client: /auth JavaScript KB gzip',
    ]);
  });

  it('skips the full-scale latency budgets on a quick run but still judges the ratios', () => {
    const slow = database({ dashboard: { api: ms(90), direct: ms(30), statements: 8 } });
    const checks = outcomes(checkBudgets(results('quick', slow), budgets));
    expect(checks['postgres: dashboard p95 ms']).toBe('skipped');
    expect(checks['postgres: search (common) p95 ms']).toBe('skipped');
    expect(checks['postgres: dashboard p95 vs direct SQL']).toBe('miss');
  });

  it('extrapolates stream memory to the target count from the largest level measured', () => {
    // 250 MiB at 1,000 streams plus 9,000 more at 200 KiB each is about 2 GiB: over 1.5 GiB.
    const heavy = database({ chat: [fanOut(1000, 80, 250, 200)] });
    const check = checkBudgets(results('quick', heavy), budgets).find((c) =>
      c.name.startsWith('postgres: server memory'),
    )!;
    expect(check.outcome).toBe('miss');
    expect(check.actual).toBeCloseTo(250 + (9000 * 200) / 1024, 5);
    expect(check.note).toBe('extrapolated from 1000 streams');
  });

  it('counts a fan-out that missed deliveries as missed, whatever its latency', () => {
    const lossy = database({ chat: [{ ...fanOut(1000, 10, 200, 50), missed: 3 }] });
    const check = checkBudgets(results('full', lossy), budgets).find((c) => c.name.startsWith('postgres: fan-out'))!;
    expect(check.outcome).toBe('miss');
    expect(check.note).toBe('3 deliveries missed');
  });

  it('judges each crowd screen by its p99, counts errors as a miss, and the dashboard by its req/s', () => {
    const screen = (p99Ms: number, requestsPerSecond = 2000, errors = 0) => ({
      ...http(requestsPerSecond),
      p99Ms,
      errors,
    });
    const crowded = database({
      crowd: {
        dashboard: screen(40, 1200),
        partnersPage: screen(60),
        commonSearch: screen(140),
        rareSearch: screen(20),
        differentSearches: screen(90),
        recordGift: screen(30, 500, 2),
      },
    });
    const checks = outcomes(checkBudgets(results('full', crowded), budgets));
    expect(checks['postgres: dashboard p99 ms at 50 connections']).toBe('pass');
    expect(checks['postgres: commonSearch p99 ms at 50 connections']).toBe('miss');
    expect(checks['postgres: differentSearches p99 ms at 50 connections']).toBe('pass');
    expect(checks['postgres: recordGift p99 ms at 50 connections']).toBe('miss');
    expect(checks['postgres: dashboard req/s at 50 connections']).toBe('miss');
    expect(
      outcomes(checkBudgets(results('quick', crowded), budgets))['postgres: commonSearch p99 ms at 50 connections'],
    ).toBe('skipped');
  });

  it('judges the gift import on the embedded database by its total seconds, on a quick run too', () => {
    const run = (rows: number, totalMs: number) => ({
      rows,
      bytes: rows * 50,
      uploadMs: 1,
      dryRunMs: 1,
      commitMs: totalMs - 2,
      totalMs,
      undoMs: 1,
      rssBeforeBytes: 1,
      rssPeakBytes: 2,
    });
    const made = (totalMs: number): BenchResults => ({
      ...results('quick', { skipped: 'no PostgreSQL' }),
      databases: {
        pglite: database({ import: { small: run(10_000, 5_000), large: run(100_000, totalMs) } }),
        postgres: { skipped: 'no PostgreSQL' },
      },
    });
    expect(outcomes(checkBudgets(made(52_000), budgets))['pglite: import of 100000 gift rows, s']).toBe('pass');
    expect(outcomes(checkBudgets(made(61_000), budgets))['pglite: import of 100000 gift rows, s']).toBe('miss');
  });
  it("judges 'View Responses' on PostgreSQL by its first page's p95, on a quick run too", () => {
    const forms = (p95: number) => ({
      responses: 100_000,
      firstPage: ms(p95),
      deeperPage: ms(p95),
      summary: ms(200),
      submissions: { count: 500, concurrency: 10, seconds: 5, perSecond: 100, p95: 80 },
    });
    const name = 'postgres: View Responses first page p95 ms';
    expect(outcomes(checkBudgets(results('quick', database({ forms: forms(30) })), budgets))[name]).toBe('pass');
    expect(outcomes(checkBudgets(results('quick', database({ forms: forms(51) })), budgets))[name]).toBe('miss');
    // The embedded database's figure is written down, not judged.
    expect(
      Object.keys(outcomes(checkBudgets(results('quick', database({ forms: forms(30) })), budgets))),
    ).not.toContain('pglite: View Responses first page p95 ms');
  });

  it('judges health and fan-out while jobs run on the embedded database against the idle figures of the same run', () => {
    const phase = (healthP99: number, fanOutP99: number) => ({
      seconds: 10,
      healthMs: { ...ms(healthP99), p99: healthP99 },
      fanOutMs: { ...ms(fanOutP99), p99: fanOutP99 },
      missed: 0,
    });
    const busy = (health: number, fanOut: number) => ({
      subscribers: 100,
      importRows: 100_000,
      idle: phase(4, 10),
      busy: phase(health, fanOut),
      importSeconds: 20,
      exportSeconds: 60,
    });
    const made = (figures: ReturnType<typeof busy>): BenchResults => ({
      ...results('quick', { skipped: 'no PostgreSQL' }),
      databases: { pglite: database({ busy: figures }), postgres: database({ busy: busy(400, 900) }) },
    });
    const calm = outcomes(checkBudgets(made(busy(7, 19)), budgets));
    expect(calm['pglite: /api/health p99 while jobs run vs idle']).toBe('pass');
    expect(calm['pglite: chat fan-out to 100 streams p99 ms while jobs run']).toBe('pass');
    // PostgreSQL's figures are written down, not judged: other connections serve it meanwhile.
    expect(Object.keys(calm).some((name) => name.startsWith('postgres: /api/health p99 while'))).toBe(false);
    const slowed = outcomes(checkBudgets(made(busy(9, 45)), budgets));
    expect(slowed['pglite: /api/health p99 while jobs run vs idle']).toBe('miss');
    expect(slowed['pglite: /api/health p99 ms while jobs run']).toBe('pass');
    expect(slowed['pglite: chat fan-out to 100 streams p99 while jobs run vs idle']).toBe('miss');
    expect(
      outcomes(checkBudgets(made(busy(7, 60)), budgets))['pglite: chat fan-out to 100 streams p99 ms while jobs run'],
    ).toBe('miss');
  });
});
