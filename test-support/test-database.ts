/**
 * Test harness for the integration tier (*.int.test.ts): the databases every integration test
 * runs against, and an app wired exactly as the server wires it.
 *
 *   describe.each(testDatabaseTargets())('on $name', (target) => { ... })
 *
 * In-memory PGlite always runs; PostgreSQL runs too when TEST_DATABASE_URL is set, each open()
 * on a fresh database that dispose() drops again, so runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createApp } from '#server/app';
import { createUserWithPassword, grantRole } from '#server/auth/users';
import { openDatabase, type Database } from '#server/db/client';
import { createDeps, disposeDeps } from '#server/deps';
import { loadConfig } from '#server/env';
import type { AppDeps } from '#server/http/app-env';
import type { Role } from '#shared/permissions';
import { withAdminClient } from './vitest/database-images';

/** DEBUG_TEST_LOG=error shows what a test's server logged (a 500's cause); silent otherwise. */
export const silentLogger = pino({ level: process.env.DEBUG_TEST_LOG ?? 'silent' });

export const TEST_BASE_URL = 'http://localhost:3000';

export interface OpenedTestDatabase {
  database: Database;
  /** Closes the database (safe to call after something else closed it) and drops it. */
  dispose(): Promise<void>;
  /** The fresh database's connection string (PostgreSQL only). */
  url?: string;
}

export interface OpenOptions {
  /**
   * Start from a copy of a database the migrations were applied to (made once per run by the
   * global setup, test-support/vitest/database-images.ts) rather than an empty one. Only for
   * callers that run the migrations next anyway, as createTestApp does through createDeps.
   */
  migrated?: boolean;
}

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  open(options?: OpenOptions): Promise<OpenedTestDatabase>;
}

export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: 'pglite', open: openPgliteInMemory }];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) targets.push({ name: 'postgres', open: (options) => openFreshPostgres(adminUrl, options) });
  return targets;
}

/** The global setup's images; undefined under a config without that setup. */
function databaseImages() {
  try {
    return inject('databaseImages');
  } catch {
    return undefined;
  }
}

/** Read once per test file; a Blob is immutable, so every open in the file shares it. */
let pgliteImage: Blob | undefined;

/**
 * A second handle on the same database, as a second server instance would have: for PostgreSQL
 * a separately opened pool and listener on the same URL; for PGlite (single-process by design)
 * the same Database object. Close it with `closeSecondHandle`.
 */
export async function openSecondHandle(opened: OpenedTestDatabase): Promise<Database> {
  if (opened.database.kind === 'pglite') return opened.database;
  return openDatabase({ kind: 'postgres', url: opened.url! }, silentLogger);
}

export async function closeSecondHandle(opened: OpenedTestDatabase, second: Database) {
  if (second !== opened.database) await second.close();
}

async function openPgliteInMemory(options: OpenOptions = {}): Promise<OpenedTestDatabase> {
  const imageFile = options.migrated ? databaseImages()?.pglite : undefined;
  if (imageFile) pgliteImage ??= new Blob([new Uint8Array(fs.readFileSync(imageFile))]);
  const image = imageFile ? pgliteImage : undefined;
  const database = idempotentClose(await openDatabase({ kind: 'pglite', dataDir: 'memory', image }, silentLogger));
  return { database, dispose: () => database.close() };
}

/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (for tests that hand a URL to
 * a server process rather than open it here); remove() drops it.
 */
export async function createEmptyPostgresDatabase(
  adminUrl: string,
  prefix = 'portal_test',
  template?: string,
): Promise<{ url: string; remove(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const from = template ? ` template "${template}"` : '';
  await withAdminClient(adminUrl, (client) => client.query(`create database "${name}"${from}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), remove: () => dropDatabase(adminUrl, name) };
}

async function openFreshPostgres(adminUrl: string, options: OpenOptions = {}): Promise<OpenedTestDatabase> {
  const template = options.migrated ? databaseImages()?.postgresTemplate : undefined;
  const { url, remove } = await createEmptyPostgresDatabase(adminUrl, 'portal_test', template);
  let database: Database;
  try {
    database = idempotentClose(await openDatabase({ kind: 'postgres', url }, silentLogger));
  } catch (err) {
    await remove();
    throw err;
  }
  return {
    database,
    url,
    async dispose() {
      await database.close();
      await remove();
    },
  };
}

async function dropDatabase(adminUrl: string, name: string) {
  // with (force) ends connections a test left open (PostgreSQL 13+).
  await withAdminClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/** disposeDeps closes the database, and so does dispose(); pg's pool refuses a second end(). */
function idempotentClose(database: Database): Database {
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Opens a database on the target and builds deps and the app the way the server does (no
 * client build). Call close() in afterAll/afterEach.
 */
export async function createTestApp(target: TestDatabaseTarget, configOverrides: Record<string, string> = {}) {
  const opened = await target.open({ migrated: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-test-'));
  let deps: AppDeps;
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      BASE_URL: TEST_BASE_URL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ...configOverrides,
    });
    deps = await createDeps(config, opened.database, silentLogger);
  } catch (err) {
    await opened.dispose();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const app = createApp(deps);
  const baseUrl = deps.config.BASE_URL;
  let closing: Promise<void> | undefined;

  /** app.request with the Origin a browser on the portal would send on a state-changing call. */
  const request = (requestPath: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) headers.set('origin', baseUrl);
    return app.request(requestPath, { ...init, headers });
  };

  /** A call carrying `body` as JSON; without a body (undefined) it sends neither body nor type. */
  const sendJson = (method: string, requestPath: string, body?: unknown, headers: HeadersInit = {}) =>
    request(requestPath, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...Object.fromEntries(new Headers(headers)),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const postJson = (requestPath: string, body: unknown, headers: HeadersInit = {}) =>
    sendJson('POST', requestPath, body, headers);

  const signInResponse = (email: string, password: string) => postJson('/api/auth/sign-in/email', { email, password });

  return {
    app,
    deps,
    opened,
    db: deps.database.db,
    request,
    sendJson,
    postJson,
    signInResponse,

    /**
     * A new account, a coordinator unless `role` says otherwise: 'none' is an account never
     * made a coordinator, which has Settings only (D4).
     */
    async createUser(input: {
      email: string;
      password: string;
      role?: Role | 'none';
      fullName?: string;
    }): Promise<TestUser> {
      const created = await createUserWithPassword(deps.database.db, input);
      const role = input.role ?? 'coordinator';
      if (role !== 'none') await grantRole(deps.database.db, created.id, role);
      return { ...created, password: input.password };
    },

    /** Signs in through the real endpoint; returns the Cookie header for later requests. */
    async signIn(email: string, password: string): Promise<string> {
      const response = await signInResponse(email, password);
      if (response.status !== 200) {
        throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
      }
      return cookieHeader(response);
    },

    /** Ends open streams, stops the bus, closes and drops the database. Safe to call twice. */
    close() {
      closing ??= (async () => {
        await disposeDeps(deps);
        await opened.dispose();
        await rm(dataDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/** The Cookie request header that carries the cookies a response set (name=value pairs only). */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

export const SESSION_COOKIE = 'better-auth.session_token';

/** The session token (the session row's `token`) a cookie carries, signed as "<token>.<signature>". */
export function sessionTokenFromCookie(cookie: string): string {
  const pair = cookie.split('; ').find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!pair) throw new Error(`no ${SESSION_COOKIE} in ${JSON.stringify(cookie)}`);
  return decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1)).split('.')[0]!;
}
