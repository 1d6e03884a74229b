// Import boundaries the linter enforces (issue 15; docs/decisions/0096-import-boundaries.md).
// Paths are resolved (eslint-import-resolver-typescript), so '../x', '@/x' and index files all
// count as what they point at. eslint.boundaries.test.ts lints fixtures that break each rule.
import fs from 'node:fs';

const featuresOf = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const SERVER_FEATURES = featuresOf('src/server/features');
const CLIENT_FEATURES = featuresOf('src/client/features');

/** The server's platform (request plumbing, sign-in, realtime, storage, the database and the service contract) knows no feature. */
const PLATFORM = ['http', 'auth', 'realtime', 'storage', 'db', 'service', 'mail'].map((dir) => `./src/server/${dir}`);

/** Test support and the suites outside src/ (docs/decisions/0098): never imported by code that ships. */
export const TEST_SUPPORT = ['./test-support/**', './security/**', './e2e/**', './faults/**', './bench/**'];

/** Tests and their support, which may import test support (and each other). */
export const TEST_FILES = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test-support/**', 'security/**'];

const featureZones = [
  // A server feature is reached through its routes (app.ts composes them), never by another feature.
  ...SERVER_FEATURES.map((feature) => ({
    target: `./src/server/features/${feature}`,
    from: './src/server/features',
    except: [`./${feature}`],
    message:
      "A server feature does not import another feature: ask the other feature's service through app.ts's wiring or move the shared piece to src/shared or the platform.",
  })),
  // A client feature may use another feature's api/ (its public operations) and widgets/ (the parts
  // it offers other screens, such as the Add Donation dialog), never its components or internals.
  ...CLIENT_FEATURES.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: `./src/client/features/!(${feature})/**`,
    except: ['**/src/client/features/*/api/**', '**/src/client/features/*/widgets/**'],
    message:
      "A client feature imports only another feature's api/ and widgets/, never its components; shared pieces go to components/ or lib/.",
  })),
  {
    target: './src/client/features',
    from: './src/client/app',
    message:
      'Features do not import the app shell (app/): the router and layout import features, not the other way round.',
  },
  {
    target: PLATFORM,
    from: './src/server/features',
    message: 'The server platform (http, auth, realtime, storage, db) does not import features: features plug into it.',
  },
];

const testSupportZone = {
  target: './src/**',
  from: TEST_SUPPORT,
  message: 'Production code does not import test support.',
};

const rule = (zones) => ['error', { zones }];

/** For every file under src: the feature and platform zones, and no test support. */
export const productionRestrictedPaths = rule([...featureZones, testSupportZone]);
/** For tests and test support: the same boundaries, and test support allowed. */
export const testRestrictedPaths = rule(featureZones);
