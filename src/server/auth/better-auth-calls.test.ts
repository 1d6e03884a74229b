import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : [];
  });
}

/** Every `auth.api.x(` or `auth.handler(` in the server's code, with the text just before it. */
function betterAuthCalls() {
  return serverSources(SERVER_DIR).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/\bauth\.(?:api\.\w+|handler)\(/g)].map((match) => ({
      file: path.relative(SERVER_DIR, file),
      call: match[0],
      before: text.slice(Math.max(0, match.index - 40), match.index),
    }));
  });
}

/** A call made outside callBetterAuth would leave better-auth's storages on (docs/decisions/0063). */
describe('calls into better-auth', () => {
  it('are made only through callBetterAuth', () => {
    const calls = betterAuthCalls();
    expect(calls.length).toBeGreaterThanOrEqual(3);
    const unwrapped = calls.filter(({ before }) => !/callBetterAuth\(\(\) =>\s*$/.test(before));
    expect(unwrapped).toEqual([]);
  });
});

describe('the storages callBetterAuth switches off', () => {
  it("are better-auth's own: @better-auth/core resolves to the copy better-auth itself loads", () => {
    const ours = createRequire(import.meta.url);
    const betterAuths = createRequire(ours.resolve('better-auth'));
    expect(ours.resolve('@better-auth/core/context')).toBe(betterAuths.resolve('@better-auth/core/context'));
  });
});
