/**
 * Compares a run's figures with bench/budgets.json. Each check says what it measured; a
 * check that needs full-scale data (100,000 partners, 1,000,000 gifts, 10,000 streams) is
 * skipped on a --quick run rather than judged on figures that would flatter it, except the
 * stream memory, which is extrapolated from the largest level measured (per-stream cost times
 * the target count, plus what the server held at that level).
 */
import { ran, type BenchResults, type DatabaseFigures } from './results-types';

export interface Budgets {
  healthToBareNodeMin: number;
  partnersPageToHealthMin: number;
  dashboardP95MsMaxPostgres: number;
  dashboardToDirectP95Max: number;
  searchP95MsMax: number;
  searchToDirectP95Max: number;
  memoryStreams: number;
  memoryAtStreamsMaxBytes: number;
  fanOutSubscribers: number;
  fanOutP99MsMax: number;
  startupEmptyMsMax: number;
  authJsGzipKbMax: number;
  /** Issue 17: the slowest audit log page at 1,000,000 entries, p95 on PostgreSQL. */
  auditPageP95MsMaxPostgres: number;
  /** Issue 18: 50 connections on each crowd screen (scenarios/crowd.ts), p99 per database. */
  crowdP99MsMaxPostgres: number;
  crowdP99MsMaxPglite: number;
  /** Issue 19: a filtered page of gifts with its count and sum, at 1,000,000 gifts. */
  givingPageP95MsMaxPostgres: number;
  /** Issue 20: GET /api/partners?tags=<one tag> at 100,000 partners. */
  tagFilterP95MsMaxPostgres: number;
  /** Issue 21: 'View Responses' at 100,000 responses to one form. */
  formResponsesP95MsMaxPostgres: number;
  /** Issue 23: a channel of 1,000,000 messages, its first page and a search over it. */
  chatFirstPageP95MsMaxPostgres: number;
  chatSearchP95MsMaxPostgres: number;
  /** Issue 22: the month grid's occurrences at 2,000 in a month, on either database. */
  calendarMonthP95MsMax: number;
  /** Issue 22: how far the server's memory may rise while 20 clients stream a 1 GB video by range. */
  videoRssGrowthMbMax: number;
  /** Issue 25: how far the server's memory may rise while it exports everything (1,000,000 gifts) and serves the archive. */
  exportRssGrowthMbMax: number;
  givingPageP95MsMaxPglite: number;
  /** Issue 18: the dashboard summary under 50 connections on PostgreSQL. */
  crowdDashboardRpsMinPostgres: number;
  /** Issue 19: a gift import of 100,000 rows (upload, dry run, commit) on the embedded database. */
  importSecondsMaxPglite: number;
  /** Issue 18: health and chat fan-out p99 while an import and the export run, embedded database. */
  busyToIdleP99Max: number;
  busyP99MsMax: number;
}

export interface BudgetCheck {
  name: string;
  actual: number | null;
  limit: number;
  kind: 'min' | 'max';
  /** pass, miss, or skipped (with the reason) */
  outcome: 'pass' | 'miss' | 'skipped';
  note?: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function checkBudgets(results: BenchResults, budgets: Budgets): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const full = results.meta.mode === 'full';
  const add = (
    name: string,
    kind: 'min' | 'max',
    actual: number | null,
    limit: number,
    opts: { fullOnly?: boolean; note?: string } = {},
  ) => {
    let outcome: BudgetCheck['outcome'];
    let note = opts.note;
    if (opts.fullOnly && !full) {
      outcome = 'skipped';
      note = 'full scale only';
    } else if (actual === null || Number.isNaN(actual)) {
      outcome = 'miss';
      note = note ?? 'not measured';
    } else {
      outcome = (kind === 'min' ? actual >= limit : actual <= limit) ? 'pass' : 'miss';
    }
    checks.push({ name, kind, actual, limit, outcome, note });
  };

  for (const [name, figures] of Object.entries(results.databases) as [
    string,
    DatabaseFigures | { skipped: string },
  ][]) {
    if (!ran(figures)) continue;
    add(
      `${name}: /api/health req/s vs bare node:http`,
      'min',
      figures.http.health.requestsPerSecond / figures.http.bareNode.requestsPerSecond,
      budgets.healthToBareNodeMin,
    );
    add(
      `${name}: partners page req/s vs /api/health`,
      'min',
      figures.http.partnersPage.requestsPerSecond / figures.http.health.requestsPerSecond,
      budgets.partnersPageToHealthMin,
    );
    if (name === 'postgres' && figures.audit) {
      const pages = Object.values(figures.audit.pages);
      add(
        `${name}: audit log page p95 ms (slowest)`,
        'max',
        Math.max(...pages.map((p) => p.p95)),
        budgets.auditPageP95MsMaxPostgres,
        {
          fullOnly: true,
        },
      );
    }
    if (figures.tagFilter && name === 'postgres') {
      for (const [kind, figure] of Object.entries(figures.tagFilter))
        add(
          `postgres: directory filtered by a ${kind} tag p95 ms`,
          'max',
          figure.api.p95,
          budgets.tagFilterP95MsMaxPostgres,
          {
            fullOnly: true,
          },
        );
    }
    if (figures.forms && name === 'postgres') {
      add(
        'postgres: View Responses first page p95 ms',
        'max',
        figures.forms.firstPage.p95,
        budgets.formResponsesP95MsMaxPostgres,
      );
    }
    if (figures.chatHistory && name === 'postgres') {
      const history = figures.chatHistory;
      add(
        'postgres: chat channel first page p95 ms',
        'max',
        history.firstPage.p95,
        budgets.chatFirstPageP95MsMaxPostgres,
        {
          fullOnly: true,
        },
      );
      for (const [kind, summary] of Object.entries(history.search))
        add(`postgres: chat search (${kind} term) p95 ms`, 'max', summary.p95, budgets.chatSearchP95MsMaxPostgres, {
          fullOnly: true,
        });
    }
    if (figures.calendar) {
      add(
        `${name}: calendar month (2,000 occurrences) p95 ms`,
        'max',
        figures.calendar.month.p95,
        budgets.calendarMonthP95MsMax,
        {
          fullOnly: true,
        },
      );
    }
    if (figures.video) {
      add(
        `${name}: memory growth streaming a 1 GB video to 20 clients, MB`,
        'max',
        (figures.video.rssPeakBytes - figures.video.rssBeforeBytes) / (1024 * 1024),
        budgets.videoRssGrowthMbMax,
      );
    }
    if (figures.export) {
      add(
        `${name}: memory growth exporting all data (${figures.export.gifts} gifts), MB`,
        'max',
        (figures.export.rssPeakBytes - figures.export.rssBeforeBytes) / (1024 * 1024),
        budgets.exportRssGrowthMbMax,
      );
    }
    if (figures.busy && name === 'pglite') {
      // Issue 18: on the embedded database, while an import and the export run, health and chat
      // fan-out stay within twice their idle p99 of the same run, and within an absolute limit.
      const { idle, busy } = figures.busy;
      for (const [what, idleP99, busyP99] of [
        ['/api/health', idle.healthMs.p99, busy.healthMs.p99],
        [`chat fan-out to ${figures.busy.subscribers} streams`, idle.fanOutMs.p99, busy.fanOutMs.p99],
      ] as const) {
        add(`${name}: ${what} p99 while jobs run vs idle`, 'max', busyP99 / idleP99, budgets.busyToIdleP99Max);
        add(`${name}: ${what} p99 ms while jobs run`, 'max', busyP99, budgets.busyP99MsMax);
      }
    }
    if (figures.giving) {
      const limit = name === 'postgres' ? budgets.givingPageP95MsMaxPostgres : budgets.givingPageP95MsMaxPglite;
      for (const [page, summary] of Object.entries(figures.giving))
        add(`${name}: giving page (${page}) p95 ms`, 'max', summary.p95, limit, { fullOnly: true });
    }
    if (figures.crowd) {
      const limit = name === 'postgres' ? budgets.crowdP99MsMaxPostgres : budgets.crowdP99MsMaxPglite;
      for (const [screen, figure] of Object.entries(figures.crowd)) {
        add(
          `${name}: ${screen} p99 ms at 50 connections`,
          'max',
          figure.errors + figure.non2xx > 0 ? null : figure.p99Ms,
          limit,
          {
            fullOnly: true,
            note: figure.errors + figure.non2xx > 0 ? `${figure.errors} errors, ${figure.non2xx} non-2xx` : undefined,
          },
        );
      }
      if (name === 'postgres')
        add(
          `${name}: dashboard req/s at 50 connections`,
          'min',
          figures.crowd.dashboard.requestsPerSecond,
          budgets.crowdDashboardRpsMinPostgres,
          { fullOnly: true },
        );
    }
    if (name === 'postgres')
      add(`${name}: dashboard p95 ms`, 'max', figures.dashboard.api.p95, budgets.dashboardP95MsMaxPostgres, {
        fullOnly: true,
      });
    add(
      `${name}: dashboard p95 vs direct SQL`,
      'max',
      figures.dashboard.api.p95 / figures.dashboard.direct.p95,
      budgets.dashboardToDirectP95Max,
    );
    for (const term of ['common', 'rare'] as const) {
      const search = figures.search[term];
      add(`${name}: search (${term}) p95 ms`, 'max', search.api.p95, budgets.searchP95MsMax, { fullOnly: true });
      add(
        `${name}: search (${term}) p95 vs direct SQL`,
        'max',
        search.api.p95 / search.direct.p95,
        budgets.searchToDirectP95Max,
      );
    }
    const largest = figures.chat.at(-1);
    if (largest) {
      const extrapolated = largest.streams < budgets.memoryStreams;
      const memory =
        largest.serverRssBytes + Math.max(0, budgets.memoryStreams - largest.streams) * largest.bytesPerStream;
      add(
        `${name}: server memory at ${budgets.memoryStreams} streams (MB)`,
        'max',
        memory / 2 ** 20,
        budgets.memoryAtStreamsMaxBytes / 2 ** 20,
        {
          note: extrapolated ? `extrapolated from ${largest.streams} streams` : undefined,
        },
      );
    }
    const fanOut = figures.chat.find((f) => f.streams >= budgets.fanOutSubscribers);
    add(
      `${name}: fan-out p99 ms at ${budgets.fanOutSubscribers} subscribers`,
      'max',
      fanOut && fanOut.missed === 0 ? fanOut.latencyMs.p99 : null,
      budgets.fanOutP99MsMax,
      {
        note: fanOut && fanOut.missed > 0 ? `${fanOut.missed} deliveries missed` : undefined,
      },
    );
    if (name === 'pglite' && figures.import) {
      const { large } = figures.import;
      add(`${name}: import of ${large.rows} gift rows, s`, 'max', large.totalMs / 1000, budgets.importSecondsMaxPglite);
    }
    if (name === 'pglite' && figures.partnerImport) {
      const { large } = figures.partnerImport;
      add(
        `${name}: import of ${large.rows} partner rows, s`,
        'max',
        large.totalMs / 1000,
        budgets.importSecondsMaxPglite,
      );
    }
    add(
      `${name}: start-up ms on an empty data store (median)`,
      'max',
      figures.startup.emptyMs.length ? median(figures.startup.emptyMs) : null,
      budgets.startupEmptyMsMax,
    );
  }
  add('client: /auth JavaScript KB gzip', 'max', results.client.auth.jsGzipBytes / 1024, budgets.authJsGzipKbMax);
  add('client: feature pages in the /auth download', 'max', results.client.featuresInEntry.length, 0, {
    note: results.client.featuresInEntry.length ? results.client.featuresInEntry.join(', ') : undefined,
  });
  return checks;
}
