import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaRoutes } from './spa';

describe('the built web client', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Portal</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'calendar-page-new.js'), 'export const page = 1;');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves a built file, and a page address with index.html', async () => {
    const app = spaRoutes(dir);
    const script = await app.request('/assets/calendar-page-new.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const page = await app.request('/calendar');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Portal</title>');
  });

  it("answers 404 for a built file that is not there (an old build's page code), not index.html", async () => {
    const missing = await spaRoutes(dir).request('/assets/calendar-page-old.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
    expect(await missing.text()).not.toContain('<title>');
  });
});
