import { getTableName, sql, type Table } from 'drizzle-orm';
import { queryRows } from '#server/db/query-rows';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '#server/db/schema';
import { multipartBody, PNG_1X1, type MultipartPart } from '#test-support/multipart';
import type { TestApp, TestUser } from '#test-support/test-database';

/**
 * The callers of the authorisation matrix (issue 9): nobody signed in; an account never made
 * a coordinator (`noRole`); a coordinator whose role an admin removed (`removed`, who held
 * every default feature and user management before); a coordinator with every switch off;
 * a coordinator; a coordinator granted user management; an admin.
 */
export const ACTORS = ['anonymous', 'noRole', 'removed', 'withoutFeature', 'coordinator', 'manager', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type SignedInActor = Exclude<Actor, 'anonymous'>;

export const NOT_AUTHENTICATED = { error: 'Not authenticated' };
export const FORBIDDEN = { error: 'You do not have permission to do this.' };

/** One concrete request. */
export interface Call {
  method: string;
  path: string;
  json?: unknown;
  multipart?: MultipartPart[];
}

/**
 * What a matrix entry may use to build its call: the test app, the callers, and fixtures
 * created through the API by a given caller (so "their own" objects are really theirs).
 */
export interface MatrixContext {
  t: TestApp;
  users: Record<SignedInActor, TestUser>;
  cookies: Record<SignedInActor, string>;
  unique(): string;
  /** POSTs JSON as `owner` and returns the parsed answer, failing loudly on anything but 201. */
  create<T>(owner: SignedInActor, path: string, body: unknown): Promise<T>;
  createMultipart<T>(owner: SignedInActor, path: string, parts: MultipartPart[]): Promise<T>;
  /** A user without any role, for the admin routes. */
  freshUser(role?: 'coordinator'): Promise<TestUser>;
}

export function createMatrixContext(
  t: TestApp,
  users: Record<SignedInActor, TestUser>,
  cookies: Record<SignedInActor, string>,
): MatrixContext {
  let serial = 0;
  const unique = () => `m${++serial}-${Date.now().toString(36)}`;
  const expectCreated = async <T>(response: Response, what: string): Promise<T> => {
    if (response.status !== 201) throw new Error(`fixture ${what}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    t,
    users,
    cookies,
    unique,
    async create(owner, path, body) {
      return expectCreated(await t.postJson(path, body, { cookie: cookies[owner] }), path);
    },
    async createMultipart(owner, path, parts) {
      const { body, contentType } = multipartBody(parts);
      const response = await t.request(path, {
        method: 'POST',
        headers: { cookie: cookies[owner], 'content-type': contentType },
        body,
      });
      return expectCreated(response, path);
    },
    async freshUser(role) {
      const id = unique();
      return t.createUser({ email: `${id}@example.org`, password: `secret-${id}`, role: role ?? 'none' });
    },
  };
}

export async function sendCall(t: TestApp, call: Call, cookie: string | undefined): Promise<Response> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  let body: BodyInit | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.multipart) {
    const encoded = multipartBody(call.multipart);
    headers['content-type'] = encoded.contentType;
    body = new Uint8Array(encoded.body);
  }
  return t.request(call.path, { method: call.method, headers, body });
}

/** Rows that change on their own (sessions slide, throttle counters) are not "data" here. */
const VOLATILE_TABLES = new Set(['session', 'sign_in_throttle', 'verification', 'realtime_spill']);

const DATA_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => value instanceof PgTable && !VOLATILE_TABLES.has(getTableName(value as Table)),
);

/**
 * Every data table's rows as one fingerprint per table (an md5 of its rows' text, sorted),
 * computed by the database in one statement: the matrix takes three of these per call, and
 * reading every row into JavaScript instead took most of its five minutes.
 */
async function tableFingerprints(t: TestApp): Promise<Record<string, string>> {
  const columns = DATA_TABLES.map(
    (table) =>
      sql`(select md5(coalesce(string_agg(r::text, E'\n' order by r::text), '')) from ${table} r) as ${sql.identifier(
        getTableName(table),
      )}`,
  );
  const [row] = await queryRows<Record<string, string>>(t.db, sql`select ${sql.join(columns, sql`, `)}`);
  return row!;
}

/**
 * The data tables' fingerprints as text, one line a table: equal before and after means
 * nothing was written; unequal, the lines that differ name the tables written to.
 */
export async function snapshotData(t: TestApp, except: readonly string[] = []): Promise<string> {
  const prints = await tableFingerprints(t);
  return exceptTables(
    Object.entries(prints)
      .map(([name, print]) => `${name}:${print}`)
      .join('\n'),
    except,
  );
}

/** A snapshot without some tables' lines (the activity log, which a refused admin action writes). */
export function exceptTables(snapshot: string, except: readonly string[]): string {
  return snapshot
    .split('\n')
    .filter((line) => !except.includes(line.slice(0, line.indexOf(':'))))
    .join('\n');
}

export const eventFields = (title: string): MultipartPart[] => [
  { name: 'title', value: title },
  { name: 'description', value: 'Matrix event' },
  { name: 'location', value: 'Hall' },
  { name: 'startDate', value: '2031-01-01T10:00:00.000Z' },
  { name: 'endDate', value: '2031-01-01T12:00:00.000Z' },
];

export const pngPart = (filename = 'matrix.png'): MultipartPart => ({
  name: 'image',
  filename,
  value: PNG_1X1,
  contentType: 'image/png',
});

export const textFilePart = (filename: string): MultipartPart => ({
  name: 'file',
  filename,
  value: `contents of ${filename}`,
  contentType: 'text/plain',
});
