/**
 * `node --expose-gc --import tsx bench/export-memory.ts [--seed GIFTS] [--embedded DIR] [--rounds N]`:
 * the complete export's memory in this process, without a server (decision 0128). DATABASE_URL
 * names an empty or already seeded PostgreSQL database; `--embedded DIR` an embedded database's
 * data directory instead (its thread's memory counts in this process's). `--seed` first fills an
 * empty one as the bench does. The export runs as the job runs it (exportArchive into disk
 * storage) `--rounds` times, process.memoryUsage() is sampled every 100 ms, and each figure is
 * printed before, at its peak and after. Run it at two sizes (100,000 and 300,000 gifts):
 * growth that rises with the gifts is held by the export; growth that does not is the
 * runtime's (heap headroom, buffers awaiting a collection, the embedded database warming up).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { exportArchive } from '../src/server/features/export/export';
import { DiskStorage } from '../src/server/storage/disk-storage';
import { newObjectKey } from '../src/server/storage/index';
import { seedBenchData } from './seed';

const FIGURES = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const collect = () => (globalThis as { gc?: () => void }).gc?.();

const { values } = parseArgs({
  options: { seed: { type: 'string' }, embedded: { type: 'string' }, rounds: { type: 'string', default: '1' } },
});
const url = process.env.DATABASE_URL;
if (!url && !values.embedded) throw new Error('Set DATABASE_URL to a PostgreSQL database, or give --embedded DIR.');
const database = await openDatabase(
  values.embedded ? { kind: 'pglite', dataDir: values.embedded } : { kind: 'postgres', url: url! },
  pino({ level: 'silent' }),
);
const dir = await mkdtemp(path.join(tmpdir(), 'export-memory-'));
try {
  if (values.seed) {
    await runMigrations(database);
    await seedBenchData(database.db, { partners: 10_000, donations: Number(values.seed) });
  }
  const storage = new DiskStorage(dir);
  await storage.check();
  // Several rounds in one process: the first also pays for the database's warm-up (on the
  // embedded one, its thread's heap and the buffers it fills), the later ones for the export alone.
  for (let round = 1; round <= Number(values.rounds); round++) {
    collect();
    const before = process.memoryUsage();
    const peak = { ...before };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      for (const figure of FIGURES) peak[figure] = Math.max(peak[figure], now[figure]);
    }, 100);
    const started = performance.now();
    const key = newObjectKey('exports', randomUUID());
    const summary = await exportArchive(
      { database, storage },
      (zip) => storage.put(key, zip, { contentType: 'application/zip', maxBytes: Number.MAX_SAFE_INTEGER }),
      async () => {},
    ).finally(() => clearInterval(sampler));
    const seconds = (performance.now() - started) / 1000;
    collect();
    const after = process.memoryUsage();
    const gifts = summary.entities.find((e) => e.name === 'gifts')?.rows ?? 0;
    // Only its size is wanted: the body is closed unread (its file handle was left to the collector).
    const archive = await storage.get(key);
    archive?.body.destroy();
    const size = archive?.size ?? 0;
    process.stdout.write(
      `round ${round}: ${gifts} gifts, ${summary.rows} rows, a ${mb(size)} MB archive in ${seconds.toFixed(1)} s (MB)\n`,
    );
    for (const figure of FIGURES) {
      const growth = mb(peak[figure] - before[figure]);
      process.stdout.write(
        `${figure.padEnd(12)} before ${mb(before[figure])}  peak ${mb(peak[figure])} (+${growth})  after ${mb(after[figure])}\n`,
      );
    }
  }
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
