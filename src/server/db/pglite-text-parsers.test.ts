import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { NoopCache } from 'drizzle-orm/cache/core';
import { NoopLogger } from 'drizzle-orm/logger';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { describe, expect, it } from 'vitest';
import { PGLITE_TEXT_PARSERS, withoutRedundantParsers } from './pglite-text-parsers';

/** The options drizzle-orm/pglite sends with each query of a prepared statement. */
function drizzleQueryOptions(): QueryOptions[] {
  const prepared = new PglitePreparedQuery(
    {} as PGlite,
    'select 1',
    [],
    new NoopLogger(),
    new NoopCache(),
    undefined,
    undefined,
    undefined,
    undefined,
    false,
  ) as unknown as { queryConfig: QueryOptions; rawQueryConfig: QueryOptions };
  return [prepared.queryConfig, prepared.rawQueryConfig];
}

describe("drizzle's per-query PGlite parsers", () => {
  it('are all redundant with the defaults the portal opens PGlite with, so they are dropped', () => {
    for (const options of drizzleQueryOptions()) {
      const sent = withoutRedundantParsers(options);
      expect(sent?.parsers).toBeUndefined();
      expect(sent?.rowMode).toBe(options.rowMode);
      for (const [oid, parse] of Object.entries(options.parsers!)) {
        const text = '2026-11-22 10:30:00+00';
        expect(PGLITE_TEXT_PARSERS[oid], `type ${oid}`).toBeDefined();
        expect(parse(text, Number(oid))).toBe(PGLITE_TEXT_PARSERS[oid]!(text));
      }
    }
  });

  it('pass unchanged when they hold any other parser', () => {
    const options: QueryOptions = { parsers: { [types.TIMESTAMPTZ]: (v) => v, [types.INT8]: (v) => BigInt(v) } };
    expect(withoutRedundantParsers(options)).toBe(options);
    expect(withoutRedundantParsers(undefined)).toBeUndefined();
    const plain: QueryOptions = { rowMode: 'array' };
    expect(withoutRedundantParsers(plain)).toBe(plain);
  });
});
