import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_ROOT, findPackageRoot } from './app-root';

describe('APP_ROOT', () => {
  it('is the directory of the portal package, from the sources as from the build', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as { name: string };
    expect(manifest.name).toBe('ministry-portal');
    expect(fs.existsSync(path.join(APP_ROOT, 'drizzle', 'meta', '_journal.json'))).toBe(true);
  });
});

describe('findPackageRoot', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('walks up to the nearest directory with a package.json, whatever the depth', () => {
    dir = fs.mkdtempSync(path.join(tmpdir(), 'portal-root-'));
    fs.writeFileSync(path.join(dir, 'package.json'), '{}');
    for (const nested of ['src/server', 'dist/server', 'src/server/db']) {
      fs.mkdirSync(path.join(dir, nested), { recursive: true });
      expect(findPackageRoot(path.join(dir, nested))).toBe(dir);
    }
    expect(findPackageRoot(dir)).toBe(dir);
  });

  it('says so when there is none', () => {
    expect(() => findPackageRoot(path.parse(tmpdir()).root)).toThrow(/no package.json/);
  });
});
