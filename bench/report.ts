/** Writes docs/benchmarks.md from a run's figures: how to run, what each figure means, a table per scenario. */
import type { BudgetCheck } from './budgets';
import { ran, type BenchResults, type DatabaseFigures } from './results-types';
import type { HttpFigure } from './scenarios/http';
import { round } from './stats';

const DBS = ['pglite', 'postgres'] as const;
const CROWD_LABEL = {
  dashboard: 'dashboard summary',
  partnersPage: 'partners page (50)',
  commonSearch: 'common search',
  rareSearch: 'rare search',
  differentSearches: 'a different name each',
  recordGift: 'recording a gift',
} as const;
const DB_LABEL = { pglite: 'embedded (PGlite)', postgres: 'PostgreSQL' } as const;

const ms = (v: number) => (Number.isFinite(v) ? `${round(v, v < 10 ? 2 : 1)}` : 'n/a');
const int = (v: number) => Math.round(v).toLocaleString('en-US');
const x = (a: number, b: number) => (b > 0 ? `${round(a / b, 2)}x` : 'n/a');
const kb = (bytes: number) => `${round(bytes / 1024, 1)} KB`;
const mb = (bytes: number) => `${round(bytes / 2 ** 20, 1)} MB`;
const median = (values: number[]) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]! : Number.NaN;

function table(header: string[], rows: (string | number)[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** The databases whose run measured `key` (a scenario added later is absent from older runs). */
function runsWith(results: BenchResults, key: keyof DatabaseFigures) {
  return DBS.filter((name) => {
    const f = results.databases[name];
    return ran(f) && Boolean(f[key]);
  });
}

export function renderReport(results: BenchResults, checks: BudgetCheck[]): string {
  const { meta } = results;
  const s = meta.scale;
  const out: string[] = [];
  out.push(`# Benchmarks

How fast the portal is at the scale of a large ministry, measured against its own limits:
the same machine's bare \`node:http\`, and the same SQL run directly on the database driver.

## Running it

\`\`\`sh
npm run bench                       # full run (100,000 partners, 1,000,000 gifts, 10,000 streams): 20 to 30 minutes on 2 cores
npm run bench -- --quick            # smaller scales, under 2 minutes
npm run bench -- --check            # also compare with bench/budgets.json; exits 1 naming each budget missed
BENCH_DATABASE_URL=postgres://user@host:5432/db npm run bench   # add the PostgreSQL half
\`\`\`

The PostgreSQL half creates a fresh database beside the one \`BENCH_DATABASE_URL\` names and
drops it afterwards, so a bench never touches existing data; without the variable it is
reported as skipped. Each run writes this file and \`docs/benchmarks.json\` (every raw figure).
Benchmarks are not part of \`npm test\`. The machine should be otherwise quiet: every figure
below shares the same cores with the load generator. Before each timed scenario the bench waits
until the server and the machine as a whole are nearly idle (up to 30 s, and the log says when it
gave up), so a scenario does not time what the one before left running: on PostgreSQL that
includes the database server's own work after an import (autovacuum, analyze, checkpoints).

### What is measured

1. **HTTP**: autocannon, 50 connections, ${s.httpSeconds} s after a 1 s warm-up, against a bare
   \`node:http\` hello server (its own process), Hono answering the same JSON through the
   portal's security-headers middleware and nothing else (\`bench/baselines\`, its own process:
   the floor under health), the portal's \`/api/health\` (liveness: no database query, decision
   0084) and \`/api/partners?limit=50\` signed in (session, permissions, 51 rows, JSON). The
   two baselines and health are measured in turns, ${s.httpRounds} rounds, while each
   database's portal runs, and each keeps its median round: throughput on a shared 2-core
   machine swings by a third between runs, so only figures taken side by side are compared.
2. **Dashboard**: \`GET /api/dashboard/summary\` (${s.dashboardSamples} sequential requests after 20 warm-ups)
   with ${int(s.donations)} gifts spread over five years (a fifth fall in the chart's twelve
   months). "Direct SQL" is the same statements the service sends, recorded from drizzle and
   replayed on the raw driver (PGlite \`query()\`, pg \`Pool.query()\`) in parallel as the service does.
3. **Partner search**: \`GET /api/partners?q=…\` (first page) over ${int(s.partners)} partners,
   ${s.searchSamples} requests each, beside the recorded statement on the raw driver. The common
   term matches 1% of partners; the rare term is two words, each frequent on its own, that occur
   together in a dozen partners: the worst case for a scan or a walk in name order. Dashboard
   and search are timed after the throughput load of scenario 1 (which warms the server's
   code and caches), once the server and the machine have settled, so they time requests, not the tail
   of the queue that load left.
3b. **Directory filtered by a tag** (issue 20): the first page of partners with the seed's most
   common tag (about 9% of partners) and with its rarest (about 1%), ${s.searchSamples} requests each.
4. **Chat fan-out**: ${s.streams.map(int).join(', ')} concurrent \`/api/realtime\` streams on one
   instance, opened from the bench process; one chat message at a time is posted and its
   arrival timed at every stream (send → last byte read by the subscriber, so the load
   generator's own event loop is part of the figure). Deliveries/s is subscribers reached per
   message divided by the time until the last one (median over messages). Memory per stream is the
   growth of the server process's resident set (VmRSS) divided by the streams.
5. **Start-up**: process spawn to the first 200 from \`/api/health\`, on an empty data store
   (first start: migrations, first admin) and on the seeded one; median of ${s.startupRuns}.
6. **Email**: a change with its activity record, ${s.emailSamples} times alone and ${s.emailSamples} times with one
   email queued in its transaction (what an email adds to the write that causes it), and ${s.emailSamples}
   times each with its notifications derived by the real notifier: one person told (in the
   portal and by email), and a gift alert to a team of fifty (fifty notifications and emails); then
   ${s.emailDeliveries.toLocaleString('en-US')} queued emails delivered by the sender to an SMTP receiver (\`smtp-server\`) started in
   the bench process, timed from the first claim to the last acceptance (decisions 0099, 0100).
7. **Audit log**: a one-row write in its transaction, ${s.auditSamples} times alone and ${s.auditSamples} times
   with its audit entry chained under the lock (what an entry adds to a write); then, with
   ${int(s.auditEntries)} entries over three years in the log, ${s.auditSamples} requests each through the
   API as an admin: the first page, the page ten "Show more" further, and pages filtered by one
   person, by one action and by a month a year ago (decision 0103).
8. **Client**: gzip size of the JavaScript and CSS the browser downloads for \`/auth\` (entry
   chunk and its static imports) and for \`/dashboard\` (plus the route's lazy chunk and its
   imports), from a fresh \`vite build --manifest\`.
9. **Many people at once** (issue 18): 50 connections for ${s.crowdSeconds ?? 10} s after ${s.crowdWarmUpSeconds ?? 5} s of warm-up, in one
   load whose answers after the warm-up are the figures (decision 0167), each screen alone and in turn, as an admin: the dashboard summary, the partners page (50), the
   common and the rare search, a search for a different seeded name with each request (so no
   answer is kept), and recording a gift (\`POST /api/giving/donations\`).
10. **Giving screen** (issue 19): ${s.auditSamples} requests each, through the API as an admin, of the first
   page of a filtered list of gifts with the count and the sum of the whole filtered set: this
   month, this month's monthly gifts, this month between $100 and $250, one partner's gifts, a
   text search over names and notes, and all of last year (a fifth of the gifts); then the page
   ten "Show more" down this year.
11. **Gift import** (issue 19): a bank-style CSV of ${int((s.importRows ?? 100_000) / 10)} rows, then one of
   ${int(s.importRows ?? 100_000)} rows, each uploaded, dry-run and committed through the API as an admin (the
   commit job read until it succeeds), then undone (its job read until it succeeds, decision
   0148); the server's resident memory sampled every 50 ms (decision 0113). **11b. Partner
   import** (issue 20): the same for a church system's export of partners (names, email, phone,
   city, two tags each), duplicates set to "fill" (decision 0117).
12. **Forms** (issue 21): with ${int(s.formResponses ?? 100_000)} responses to one form, ${s.auditSamples} requests each of its
   'View Responses' first page, the page ten "Load more" down, and the summary per field; then
   500 public submissions to another form through \`POST /api/public/forms/<token>/responses\`,
   10 at a time, each from its own address (the bench is trusted as a proxy), as submissions stored per second.
13. **Chat history** (issue 23): one channel of ${int(s.chatMessages ?? 1_000_000)} messages (five everyday words each,
   generated in the database), ${s.auditSamples} requests each, as an admin, of its first page
   (\`GET /api/chat/messages\`, the channel as it opens) and of a search for a common term (in about
   one message in five) and a rare one (in one in 100,000) (\`GET /api/chat/search\`).

14. **Calendar month** (issue 22): a month holding 2,000 occurrences (1,800 single events and 20
   daily series, each with one evening cancelled and one moved), ${s.auditSamples} requests, as an admin, of
   \`GET /api/calendar/occurrences\` for that month, as the month grid asks; the answer is kept until an
   event changes, so 30 more requests each follow a change (an event created elsewhere) and time
   the month computed afresh.
15. **Onboarding video** (issue 22): a 1 GB video stored as an onboarding step's, then 20 clients at
   once each asking for 25 ranges of 8 MB at spread offsets (as players seeking do), the bodies read
   and dropped; the server's resident memory sampled every 50 ms.
16. **Complete export** (issue 25): an admin exports all data (${int(s.donations)} gifts and every other
   table: the chat history, audit log and form responses above), the job is followed to its end
   and the archive downloaded and dropped; the server's resident memory sampled every 50 ms.
17. **While long jobs run** (issue 18): 100 realtime streams open; \`/api/health\` every 20 ms and a
   chat message every 250 ms (its arrival timed at every stream), for 10 s idle, then from the
   start of the complete export and a gift import's commit (${int(s.importRows ?? 100_000)} rows, staged first), queued
   in that order (one instance runs one job at a time: the export runs first, then the import), until the
   import's end (decisions 0134, 0140, 0141 and 0144).

## Latest run

- Date: ${meta.date} (${meta.mode} run, ${round(meta.seconds, 0)} s)
- Machine: ${meta.machine.cpus} × ${meta.machine.cpuModel}, ${meta.machine.memoryGiB} GiB, ${meta.machine.os}, Node ${meta.machine.node}${meta.loadAverage ? `; load average ${round(meta.loadAverage.atStart, 1)} at start, ${round(meta.loadAverage.atEnd, 1)} at end` : ''}
- Databases: PGlite (embedded, PostgreSQL 18 in WebAssembly)${meta.postgresVersion ? `; ${meta.postgresVersion}` : '; PostgreSQL skipped'}
- Data: ${int(s.partners)} partners, ${int(s.donations)} gifts (seeded in ${perDbSeed(results)})`);

  const httpRow = (label: string, figure: HttpFigure, ratioText: string) => [
    label,
    int(figure.requestsPerSecond),
    ms(figure.p50Ms),
    ms(figure.p99Ms),
    ratioText,
    figure.errors + figure.non2xx,
  ];
  out.push(`### 1. HTTP (50 connections; baselines and health: median of ${s.httpRounds} rounds in turns)

${table(
  ['target', 'requests/s', 'p50 ms', 'p99 ms', 'ratio', 'errors'],
  DBS.flatMap((name) => {
    const f = results.databases[name];
    if (!ran(f)) return [[`${DB_LABEL[name]}`, 'skipped', '', '', '', '']];
    const { bareNode, honoFloor, health, partnersPage } = f.http;
    const bare = bareNode.requestsPerSecond;
    return [
      httpRow(`${DB_LABEL[name]} run: bare node:http`, bareNode, '1.00x'),
      httpRow(
        `${DB_LABEL[name]} run: Hono + security headers`,
        honoFloor,
        `${x(honoFloor.requestsPerSecond, bare)} of bare`,
      ),
      httpRow(
        `${DB_LABEL[name]}: /api/health`,
        health,
        `${x(health.requestsPerSecond, bare)} of bare, ${x(health.requestsPerSecond, honoFloor.requestsPerSecond)} of Hono`,
      ),
      httpRow(
        `${DB_LABEL[name]}: partners page (50)`,
        partnersPage,
        `${x(partnersPage.requestsPerSecond, health.requestsPerSecond)} of health`,
      ),
    ];
  }),
)}`);

  out.push(`### 2. Dashboard (${int(s.donations)} gifts)

${table(
  ['database', 'API p50 ms', 'API p95 ms', 'direct p50 ms', 'direct p95 ms', 'API / direct (p95)'],
  DBS.map((name) => {
    const f = results.databases[name];
    if (!ran(f)) return [DB_LABEL[name], 'skipped', '', '', '', ''];
    const d = f.dashboard;
    return [
      DB_LABEL[name],
      ms(d.api.p50),
      ms(d.api.p95),
      ms(d.direct.p50),
      ms(d.direct.p95),
      x(d.api.p95, d.direct.p95),
    ];
  }),
)}`);

  out.push(`### 3. Partner search (${int(s.partners)} partners)

${table(
  ['database', 'term', 'matches', 'API p50 ms', 'API p95 ms', 'direct p50 ms', 'direct p95 ms', 'API / direct (p95)'],
  DBS.flatMap((name) => {
    const f = results.databases[name];
    if (!ran(f)) return [[DB_LABEL[name], 'skipped', '', '', '', '', '', '']];
    return (['common', 'rare'] as const).map((term) => {
      const t = f.search[term];
      return [
        DB_LABEL[name],
        `${term}: "${t.term}"`,
        int(t.matches),
        ms(t.api.p50),
        ms(t.api.p95),
        ms(t.direct.p50),
        ms(t.direct.p95),
        x(t.api.p95, t.direct.p95),
      ];
    });
  }),
)}`);

  out.push(`### 3b. Directory filtered by a tag (issue 20, decision 0116)

${table(
  ['database', 'tag', 'API p50 ms', 'API p95 ms'],
  DBS.flatMap((name) => {
    const f = results.databases[name];
    const tags = ran(f) ? f.tagFilter : undefined;
    if (!tags) return [[DB_LABEL[name], 'skipped', '', '']];
    return (['common', 'rare'] as const).map((which) => [
      DB_LABEL[name],
      `${which}: "${tags[which].tag}"`,
      ms(tags[which].api.p50),
      ms(tags[which].api.p95),
    ]);
  }),
)}

The first page (50 partners) of \`GET /api/partners?tags=<id>\` as an admin, ${s.searchSamples} requests each.`);

  out.push(`### 4. Chat fan-out (one instance)

${table(
  [
    'database',
    'streams',
    'opened in s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'deliveries/s',
    'missed',
    'server RSS',
    'per stream',
  ],
  DBS.flatMap((name) => {
    const f = results.databases[name];
    if (!ran(f)) return [[DB_LABEL[name], 'skipped', '', '', '', '', '', '', '', '']];
    return f.chat.map((c) => [
      DB_LABEL[name],
      int(c.streams),
      round(c.openSeconds, 1),
      ms(c.latencyMs.p50),
      ms(c.latencyMs.p95),
      ms(c.latencyMs.p99),
      int(c.deliveriesPerSecond),
      c.missed,
      mb(c.serverRssBytes),
      kb(c.bytesPerStream),
    ]);
  }),
)}`);

  out.push(`### 5. Start-up (spawn to /api/health 200)

${table(
  ['database', 'empty: median ms', 'empty: runs', 'populated: median ms', 'populated: runs'],
  DBS.map((name) => {
    const f = results.databases[name];
    if (!ran(f)) return [DB_LABEL[name], 'skipped', '', '', ''];
    return [
      DB_LABEL[name],
      int(median(f.startup.emptyMs)),
      f.startup.emptyMs.map(int).join(', '),
      int(median(f.startup.populatedMs)),
      f.startup.populatedMs.map(int).join(', '),
    ];
  }),
)}`);

  out.push(`### 6. Email (the outbox, decision 0099)

A change with its activity record, timed alone and with one email queued in its transaction;
then the outbox delivered by the sender to an SMTP receiver started in the bench process
(\`smtp-server\`, sharing the two cores).

${table(
  [
    'database',
    'write p50 ms',
    'write p95 ms',
    'with an email p50 ms',
    'with an email p95 ms',
    'added p95 ms',
    'emails',
    'emails/s',
  ],
  DBS.map((name) => {
    const f = results.databases[name];
    if (!ran(f)) return [DB_LABEL[name], 'skipped', '', '', '', '', '', ''];
    const e = f.email;
    return [
      DB_LABEL[name],
      ms(e.write.alone.p50),
      ms(e.write.alone.p95),
      ms(e.write.withEmail.p50),
      ms(e.write.withEmail.p95),
      ms(e.write.withEmail.p95 - e.write.alone.p95),
      int(e.delivery.emails),
      int(e.delivery.perSecond),
    ];
  }),
)}

What notifications add to the write that causes them (decision 0100): the same change with
its rule's notifications written, announced and emailed in its transaction.

${table(
  [
    'database',
    'one person p50 ms',
    'one person p95 ms',
    'added p95 ms',
    'team of 50 p50 ms',
    'team of 50 p95 ms',
    'added p95 ms',
  ],
  DBS.map((name) => {
    const f = results.databases[name];
    const w = ran(f) ? f.email.write : undefined;
    if (!w?.withNotification || !w.withTeamAlert) return [DB_LABEL[name], 'skipped', '', '', '', '', ''];
    return [
      DB_LABEL[name],
      ms(w.withNotification.p50),
      ms(w.withNotification.p95),
      ms(w.withNotification.p95 - w.alone.p95),
      ms(w.withTeamAlert.p50),
      ms(w.withTeamAlert.p95),
      ms(w.withTeamAlert.p95 - w.alone.p95),
    ];
  }),
)}`);

  out.push(`### 7. Audit log (decisions 0102, 0103)

${table(
  [
    'database',
    'write p95 ms',
    'with its entry p95 ms',
    'added p95 ms',
    'first page p95',
    '10 pages down p95',
    'one person p95',
    'one action p95',
    'one month p95',
  ],
  DBS.map((name) => {
    const f = results.databases[name];
    const a = ran(f) ? f.audit : undefined;
    if (!a) return [DB_LABEL[name], 'skipped', '', '', '', '', '', '', ''];
    return [
      DB_LABEL[name],
      ms(a.write.alone.p95),
      ms(a.write.withEntry.p95),
      ms(a.write.withEntry.p95 - a.write.alone.p95),
      ms(a.pages.first.p95),
      ms(a.pages.deeper.p95),
      ms(a.pages.byPerson.p95),
      ms(a.pages.byAction.p95),
      ms(a.pages.byMonth.p95),
    ];
  }),
)}

Page times in ms, through the API. The entries were written in one statement (seeded in
${DBS.map((name) => {
  const f = results.databases[name];
  return ran(f) && f.audit ? `${round(f.audit.seedSeconds, 1)} s on ${DB_LABEL[name]}` : '';
})
  .filter(Boolean)
  .join(', ')}).`);

  out.push(`### 10. Giving screen (issue 19, decision 0111)

${table(
  ['database', 'this month', 'monthly', 'amount range', 'one partner', 'text', 'last year', '10 pages down'],
  DBS.map((name) => {
    const f = results.databases[name];
    const g = ran(f) ? f.giving : undefined;
    if (!g) return [DB_LABEL[name], 'skipped', '', '', '', '', '', ''];
    return [
      DB_LABEL[name],
      ...[g.thisMonth, g.monthly, g.amountRange, g.partner, g.text, g.lastYear, g.deeper].map((p) => ms(p.p95)),
    ];
  }),
)}

p95 in ms of the first page with its count and sum, through the API.`);

  const crowdRuns = runsWith(results, 'crowd');
  if (crowdRuns.length > 0)
    out.push(`### 9. Many people at once (50 connections, ${s.crowdSeconds} s after ${s.crowdWarmUpSeconds} s of warm-up, each screen alone)

${table(
  ['screen', 'requests/s', 'p50 ms', 'p99 ms', 'errors'],
  crowdRuns.flatMap((name) => {
    const f = results.databases[name];
    if (!ran(f) || !f.crowd) return [];
    return Object.entries(f.crowd).map(([screen, figure]) => [
      `${DB_LABEL[name]}: ${CROWD_LABEL[screen as keyof typeof CROWD_LABEL]}`,
      int(figure.requestsPerSecond),
      ms(figure.p50Ms),
      ms(figure.p99Ms),
      figure.errors + figure.non2xx,
    ]);
  }),
)}

The dashboard summary is kept per time zone, and a page of the partner directory per query,
until the change record moves (decisions 0108, 0137): the crowds asking one page or one search
term time kept answers; "a different name each" times searches that are each computed.
Recording a gift moves the record each time, so its row measures the writes themselves (the
rollup and the audit chain are written at commit, decision 0138; a gift's events ride on its
activity insert and its partner is found inside its insert, decision 0139; its alert's reads
go with that insert, decision 0143).`);

  for (const [key, title] of [
    ['import', '11. Gift import'],
    ['partnerImport', '11b. Partner import'],
  ] as const) {
    const importRuns = runsWith(results, key);
    if (importRuns.length === 0) continue;
    out.push(`### ${title}

${table(
  [
    'database, rows',
    'upload s',
    'dry run s',
    'commit s',
    'total s',
    'undo s',
    'RSS before MB',
    'RSS peak MB',
    'growth MB',
  ],
  importRuns.flatMap((name) => {
    const f = results.databases[name];
    const figures = ran(f) ? f[key] : undefined;
    if (!figures) return [];
    return [figures.small, figures.large].map((run) => [
      `${DB_LABEL[name]}, ${int(run.rows)}`,
      round(run.uploadMs / 1000, 1),
      round(run.dryRunMs / 1000, 1),
      round(run.commitMs / 1000, 1),
      round(run.totalMs / 1000, 1),
      round(run.undoMs / 1000, 1),
      round(run.rssBeforeBytes / 2 ** 20, 0),
      round(run.rssPeakBytes / 2 ** 20, 0),
      round((run.rssPeakBytes - run.rssBeforeBytes) / 2 ** 20, 0),
    ]);
  }),
)}

The commit checks the whole file again, then writes every row: in one transaction on PostgreSQL,
in short transactions on the embedded database, each sized to take about 10 ms, 50 to 250 rows
(decisions 0140, 0144). The undo is a job that removes the rows in short transactions on both
databases, sized the same way on the embedded database and 5,000 rows on PostgreSQL (decision
0148). The growth column is what the server held above its level before the import (decisions
0113 and 0117 say what of it grows with the file).`);
  }

  const formRuns = runsWith(results, 'forms');
  if (formRuns.length > 0)
    out.push(`### 12. Forms (issue 21, decisions 0119 and 0120)

${table(
  [
    'database',
    'responses',
    'first page p95 ms',
    '10 pages down p95 ms',
    'summary p95 ms',
    'submissions/s',
    'submission p95 ms',
  ],
  formRuns.map((name) => {
    const f = results.databases[name];
    const forms = ran(f) ? f.forms! : undefined;
    if (!forms) return [DB_LABEL[name], 'skipped', '', '', '', '', ''];
    return [
      DB_LABEL[name],
      int(forms.responses),
      ms(forms.firstPage.p95),
      ms(forms.deeperPage.p95),
      ms(forms.summary.p95),
      int(forms.submissions.perSecond),
      ms(forms.submissions.p95),
    ];
  }),
)}

'View Responses' of one form through the API as an admin; then 500 public submissions to
another form, 10 at a time, each from its own address.`);

  const chatRuns = runsWith(results, 'chatHistory');
  if (chatRuns.length > 0)
    out.push(`### 13. Chat history (issue 23, decision 0124)

${table(
  ['database', 'messages', 'first page p95 ms', 'common term (matches)', 'p95 ms', 'rare term (matches)', 'p95 ms'],
  chatRuns.map((name) => {
    const f = results.databases[name];
    const history = ran(f) ? f.chatHistory! : undefined;
    if (!history) return [DB_LABEL[name], 'skipped', '', '', '', '', ''];
    return [
      DB_LABEL[name],
      int(history.messages),
      ms(history.firstPage.p95),
      int(history.matches.common),
      ms(history.search.common.p95),
      int(history.matches.rare),
      ms(history.search.rare.p95),
    ];
  }),
)}

A channel's first page (its latest messages with their attachments) and a search over every
channel the admin may read, newest first, 20 results, through the API.`);

  const calendarRuns = runsWith(results, 'calendar');
  if (calendarRuns.length > 0)
    out.push(`### 14. Calendar month (issue 22, decision 0121)

${table(
  ['database', 'events rows', 'occurrences in the month', 'month p95 ms', 'first after a change p50 / p95 ms'],
  calendarRuns.map((name) => {
    const f = results.databases[name];
    const calendar = ran(f) ? f.calendar! : undefined;
    if (!calendar) return [DB_LABEL[name], 'skipped', '', '', ''];
    const fresh = calendar.afterChange
      ? `${ms(calendar.afterChange.p50)} / ${ms(calendar.afterChange.p95)}`
      : 'not measured';
    return [DB_LABEL[name], int(calendar.events), int(calendar.occurrences), ms(calendar.month.p95), fresh];
  }),
)}

The month grid's one request: single events, series expanded in the server, changed
occurrences in place and cancelled ones left out.`);

  const videoRuns = runsWith(results, 'video');
  if (videoRuns.length > 0)
    out.push(`### 15. Onboarding video by range (issue 22, decision 0122)

${table(
  ['database', 'clients', 'requests', 'served', 'seconds', 'RSS before MB', 'RSS peak MB', 'RSS after MB'],
  videoRuns.map((name) => {
    const f = results.databases[name];
    const v = ran(f) ? f.video! : undefined;
    if (!v) return [DB_LABEL[name], 'skipped', '', '', '', '', '', ''];
    const mb = (bytes: number) => int(bytes / (1024 * 1024));
    return [
      DB_LABEL[name],
      int(v.clients),
      int(v.requests),
      `${mb(v.servedBytes)} MB`,
      v.seconds.toFixed(1),
      mb(v.rssBeforeBytes),
      mb(v.rssPeakBytes),
      mb(v.rssAfterBytes),
    ];
  }),
)}

Memory stays flat when each range is piped from storage to the socket without being held.`);

  const exportRuns = runsWith(results, 'export');
  if (exportRuns.length > 0)
    out.push(`### 16. Complete export (issue 25, decision 0128)

${table(
  ['database', 'gifts', 'rows', 'archive', 'build s', 'download s', 'RSS before MB', 'RSS peak MB', 'RSS after MB'],
  exportRuns.map((name) => {
    const f = results.databases[name];
    const e = ran(f) ? f.export! : undefined;
    if (!e) return [DB_LABEL[name], 'skipped', '', '', '', '', '', '', ''];
    const mb = (bytes: number) => int(bytes / (1024 * 1024));
    return [
      DB_LABEL[name],
      int(e.gifts),
      int(e.rows),
      `${mb(e.archiveBytes)} MB`,
      e.buildSeconds.toFixed(1),
      e.downloadSeconds.toFixed(1),
      mb(e.rssBeforeBytes),
      mb(e.rssPeakBytes),
      mb(e.rssAfterBytes),
    ];
  }),
)}

Memory stays flat when every table is read a page at a time and the archive streams into storage and out again.`);

  const busyRuns = runsWith(results, 'busy');
  if (busyRuns.length > 0)
    out.push(`### 17. While long jobs run (issue 18, decisions 0134 and 0141)

${table(
  ['database', 'phase', 'seconds', 'health p50 ms', 'health p99 ms', 'fan-out p50 ms', 'fan-out p99 ms', 'missed'],
  busyRuns.flatMap((name) => {
    const f = results.databases[name];
    const b = ran(f) ? f.busy! : undefined;
    if (!b) return [];
    const row = (phase: string, p: typeof b.idle) => [
      DB_LABEL[name],
      phase,
      p.seconds.toFixed(1),
      round(p.healthMs.p50, 1),
      round(p.healthMs.p99, 1),
      round(p.fanOutMs.p50, 1),
      round(p.fanOutMs.p99, 1),
      p.missed,
    ];
    return [
      row('idle', b.idle),
      row(
        `import of ${int(b.importRows)} rows (${b.importSeconds.toFixed(1)} s) and export (${b.exportSeconds.toFixed(1)} s)`,
        b.busy,
      ),
    ];
  }),
)}

Fan-out is timed from sending the message to its arrival at each of ${
      busyRuns.map((name) => {
        const f = results.databases[name];
        return ran(f) ? f.busy!.subscribers : 0;
      })[0]
    } streams, so it includes the message's write.`);

  const c = results.client;
  out.push(`### 8. Client (gzip)

${table(
  ['route', 'JavaScript', 'CSS', 'files'],
  [
    ['/auth', kb(c.auth.jsGzipBytes), kb(c.auth.cssGzipBytes), c.auth.files.length],
    ['/dashboard', kb(c.dashboard.jsGzipBytes), kb(c.dashboard.cssGzipBytes), c.dashboard.files.length],
  ],
)}

Feature pages in the /auth download: ${c.featuresInEntry.length ? c.featuresInEntry.join(', ') : 'none (each loads with its route)'}.`);

  out.push(`## Budgets (bench/budgets.json)

Budgets not met and why (argued as unreachable as stated, or with the next step proposed): docs/decisions/0054-budgets-not-yet-met.md.

${table(
  ['budget', 'limit', 'measured', 'outcome'],
  checks.map((check) => [
    check.name,
    `${check.kind === 'min' ? '≥' : '≤'} ${round(check.limit, 2)}`,
    check.actual === null ? 'n/a' : round(check.actual, 2),
    check.outcome + (check.note ? ` (${check.note})` : ''),
  ]),
)}`);
  return `${out.join('\n\n')}\n`;
}

function perDbSeed(results: BenchResults): string {
  return DBS.map((name) => {
    const f = results.databases[name];
    return ran(f) ? `${round(f.seed.seconds, 0)} s on ${DB_LABEL[name]}` : null;
  })
    .filter(Boolean)
    .join(', ');
}
