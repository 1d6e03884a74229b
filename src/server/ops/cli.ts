import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError } from '../env';
import { DataDirLockedError } from '../db/data-dir-lock';
import { UnknownMigrationError } from '../db/migrate';
import { ArchiveError } from './archive';
import { BackupError } from './backup';
import { RestoreError } from './load';

export class UsageError extends Error {}

/** Errors whose message is the whole story for the person at the terminal. */
const EXPLAINED = [ConfigError, DataDirLockedError, UnknownMigrationError, ArchiveError, BackupError, RestoreError];

export class OpsError extends Error {}

/**
 * Runs a command-line tool: a usage mistake exits 2 with the usage, an explained failure exits 1
 * with its message alone, anything else exits 1 with the stack.
 */
export function runCli(usage: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof UsageError) {
        process.stderr.write(`${err.message}\nUsage: ${usage}\n`);
        process.exit(2);
      }
      if (err instanceof OpsError || EXPLAINED.some((type) => err instanceof type)) {
        process.stderr.write(`${(err as Error).message}\n`);
        process.exit(1);
      }
      process.stderr.write(`Failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}

/** Names a PostgreSQL database for messages without its password. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `the PostgreSQL database ${decodeURIComponent(parsed.pathname.slice(1)) || '(default)'} on ${parsed.host}`;
  } catch {
    return 'the PostgreSQL database';
  }
}

/** The connection string with its password replaced, safe to print. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return '(the given URL)';
  }
}

/** node:util parseArgs, with its complaints (unknown option, missing value) as usage errors. */
export function parseCliArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
