import fc from 'fast-check';

/** Keys that pollute Object.prototype when a parser or merge copies them naively. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** The marker a polluted prototype would carry. */
export const POLLUTION_MARKER = 'portalPolluted';

const LIMITS = [64, 100, 200, 255, 500, 1000, 2000, 4000, 5000];

/** Strings at and just past every length limit the schemas use. */
const boundaryStrings = fc.constantFrom(
  ...LIMITS.flatMap((n) => ['a'.repeat(n), 'é'.repeat(n + 1), `${'x'.repeat(n)} `]),
);

const strangeStrings = fc.constantFrom(
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e999',
  '0.001',
  '2025-02-30',
  '9999-12-31',
  '/',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table partners; --",
  '%',
  '_',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '👩‍👩‍👧‍👦'.repeat(50),
  'z̷̢̛̛̛͇̹͎̤̮'.repeat(20),
  'x'.repeat(100_000),
);

/** A value a hostile or broken client could put anywhere in a JSON body. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  strangeStrings,
  boundaryStrings,
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2),
  fc.boolean(),
  fc.constant(null),
  fc.constant({ __proto__: null, [POLLUTION_MARKER]: true }),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

const pollutionPayload = { [POLLUTION_MARKER]: 'yes' };

/** Sets a key as JSON.parse would, `__proto__` included (a plain assignment would not). */
function withKey(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/**
 * Bodies for one endpoint: anything at all, objects shaped like the schema with hostile
 * values, the valid body with one field broken, and prototype-pollution keys on top of it.
 */
export function hostileBodies(keys: readonly string[], valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const anyKey = fc.oneof(fc.constantFrom(...keys, ...POLLUTION_KEYS), fc.string({ maxLength: 10 }));
  const shaped = fc
    .array(fc.tuple(anyKey, hostileValue), { maxLength: keys.length + 2 })
    .map((entries) => entries.reduce((body, [k, v]) => withKey(body, k, v), {} as Record<string, unknown>));
  const oneFieldBroken = fc
    .tuple(fc.constantFrom(...keys), fc.oneof(hostileValue, fc.constant(undefined)))
    .map(([key, value]) => withKey({ ...valid }, key, value));
  const polluted = fc
    .constantFrom(...POLLUTION_KEYS)
    .map((key) =>
      withKey({ ...valid }, key, key === 'constructor' ? { prototype: pollutionPayload } : pollutionPayload),
    );
  return fc.oneof(
    { weight: 2, arbitrary: fc.anything({ key: anyKey, maxDepth: 3, withNullPrototype: true }) },
    { weight: 3, arbitrary: shaped },
    { weight: 4, arbitrary: oneFieldBroken },
    { weight: 1, arbitrary: polluted },
  );
}

/** Raw request bodies that are not JSON at all, or JSON of the wrong kind. */
export const rawBodies = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"text"',
    '1',
    'true',
    '{"__proto__":{"x":1}}',
    '\u0000',
    '{}'.repeat(5000),
  ),
);
