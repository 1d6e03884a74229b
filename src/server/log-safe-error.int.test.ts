import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_SERIALIZERS } from './logger';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';

/**
 * Issue 26, item 5: a failed query's log carried the query's parameters: chat text, partners'
 * notes. A query made to fail through a real route must log what failed, not what was typed.
 */
describe.each(testDatabaseTargets())('error logs without user content on $name', (target) => {
  let t: TestApp;
  let cookie: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    const admin = await t.createUser({ email: 'logs@example.org', password: 'logs-secret', role: 'admin' });
    cookie = await t.signIn(admin.email, admin.password);
    t.deps.logger = pino(
      { level: 'info', serializers: LOG_SERIALIZERS },
      { write: (line: string) => void lines.push(line) },
    );
    // Every insert into partners fails inside the database, after the route has validated it.
    await t.db.execute(sql`create function refuse_partner() returns trigger language plpgsql as $$
      begin raise exception 'partners are closed today'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_partner before insert on partners for each row execute function refuse_partner()`,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs the failure with its SQL code and statement, and without the values sent', async () => {
    const secret = 'Prayer request: SECRET-NOTE-7319 for the family';
    const response = await t.postJson(
      '/api/partners',
      { name: 'Logged Partner', email: 'logged@example.org', notes: secret },
      { cookie },
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Something went wrong on the server. Please try again.' });

    const logged = lines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).not.toContain('SECRET-NOTE-7319');
    expect(logged).not.toContain('Logged Partner');
    expect(logged).not.toContain('logged@example.org');
    const entry = JSON.parse(lines.find((l) => l.includes('request failed'))!) as {
      err: { message: string; query?: string; cause?: { code?: string; message: string } };
    };
    expect(entry.err.message).toBe('Failed query');
    expect(entry.err.query).toMatch(/insert into "partners"/);
    expect(entry.err.cause).toMatchObject({ code: 'P0001', message: 'partners are closed today' });
  });
});
