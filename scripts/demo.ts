/**
 * `npm run demo`: the portal on a fresh embedded database full of realistic demo data (D5).
 * Uses DATA_DIR when set, else ./demo-data, and empties it first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { DEMO_PASSWORD, seedDemoData } from '../src/server/demo/seed';
import { DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock';
import { loadConfig } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { databaseTarget, startServer } from '../src/server/server';
import { createStorage } from '../src/server/storage';

if (process.env.DATABASE_URL) {
  process.stderr.write('npm run demo always uses a fresh embedded database; unset DATABASE_URL to run it.\n');
  process.exit(2);
}
const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? './demo-data' });
const logger = createLogger(config.LOG_LEVEL);
// A portal still running there would lose the data under it; a lock left by a crashed one
// does not count (docs/decisions/0095).
try {
  lockDataDir(config.DATA_DIR)();
} catch (err) {
  if (!(err instanceof DataDirLockedError)) throw err;
  process.stderr.write(`A portal is still running on ${config.DATA_DIR}; stop it before starting a fresh demo.\n`);
  process.exit(1);
}
fs.rmSync(config.DATA_DIR, { recursive: true, force: true });

const database = await openDatabase(databaseTarget(config), logger);
await runMigrations(database);
const storage = await createStorage(config);
await storage.check();
// The emails' links name the address the demo is served at (PORT or BASE_URL), not a default.
const users = await seedDemoData(database.db, new Date(), storage, config.BASE_URL);
await storage.close();
await database.close();

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');
const server = await startServer(config, logger, clientDir);
process.stdout.write(
  `\nDemo portal: ${server.url}\n` +
    `  admin:        ${users.admin.email} / ${DEMO_PASSWORD}\n` +
    users.coordinators
      .map(
        (c) =>
          `  coordinator:  ${c.email} / ${DEMO_PASSWORD}${c.email.startsWith('michael') ? ' (with Giving Records)' : ''}\n`,
      )
      .join('') +
    `Data in ${config.DATA_DIR} (emptied on every npm run demo).\n\n`,
);
const stop = () => void server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
