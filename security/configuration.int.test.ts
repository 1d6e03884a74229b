import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import {
  createTestApp,
  sessionTokenFromCookie,
  testDatabaseTargets,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';

/**
 * Session identifiers and response headers (issue 9; docs/security.md V3 and V14): a new
 * session id at every sign-in, the headers every answer carries, and no cross-origin access.
 */
describe.each(testDatabaseTargets())('sessions and response headers on $name', (target) => {
  let t: TestApp;
  let person: TestUser;

  beforeAll(async () => {
    t = await createTestApp(target);
    person = await t.createUser({ email: 'person@example.org', password: 'person-secret', role: 'coordinator' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('issues a new session id at every sign-in, whatever session cookie the browser already had', async () => {
    const first = await t.signIn(person.email, person.password);
    // A sign-in made while carrying a session (an attacker's planted one, say) does not keep it.
    const response = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { cookie: first, 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: person.password }),
    });
    expect(response.status).toBe(200);
    const second = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    expect(sessionTokenFromCookie(second)).not.toBe(sessionTokenFromCookie(first));
    expect(sessionTokenFromCookie(second)).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('sends the security headers on API answers, and no server or framework version', async () => {
    for (const response of [await t.request('/api/health'), await t.request('/api/me')]) {
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('server')).toBeNull();
    }
  });

  it('serves the web client with the same headers, and nothing from outside its directory', async () => {
    const clientDir = path.join(t.deps.config.DATA_DIR, 'client');
    await mkdir(clientDir, { recursive: true });
    await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
    await writeFile(path.join(t.deps.config.DATA_DIR, 'secret.txt'), 'not for the web');
    const app = createApp(t.deps, { clientDir });
    const page = await app.request('/partners');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/i);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    for (const probe of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%2fsecret.txt']) {
      const response = await app.request(probe);
      expect(await response.text(), probe).not.toContain('not for the web');
    }
    expect((await app.request('/api/no-such-thing')).status).toBe(404);
  });

  it('grants no cross-origin access: no CORS headers, and a cross-site write is refused', async () => {
    const preflight = await t.request('/api/partners', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const cookie = await t.signIn(person.email, person.password);
    const write = await t.request('/api/tasks', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Planted' }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toEqual({ error: 'This request came from another site and was refused.' });
    expect(write.headers.get('access-control-allow-origin')).toBeNull();
  });
});
