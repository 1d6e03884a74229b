import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { productionRestrictedPaths, TEST_FILES, testRestrictedPaths } from './eslint.boundaries.js';

/**
 * Path aliases instead of climbing (docs/decisions/0098): `#shared/*` and `#server/*` (package.json
 * "imports") and the client's `@/*`. One `../` to a neighbour stays readable; two or more do not.
 */
const NO_LONG_CHAINS = {
  regex: '^(\\.\\./){2,}',
  message: "Import through an alias ('#shared/…', '#server/…', or '@/…' in the client) instead of climbing '../../'.",
};
/** The client takes only types from the server (the typed API client). */
const CLIENT_NO_SERVER = {
  // A regex: in a gitignore-style group, a leading '#' would start a comment.
  regex: '(^#server/|/server/)',
  allowTypeImports: true,
  message: 'The client may import only types from the server.',
};

/**
 * Toasts go through src/client/lib/toast.ts (one open error per title, at most three open:
 * decision 0127); sonner itself is loaded there and by the lazy toaster, never imported.
 */
const ONE_TOAST_RULE = {
  name: 'sonner',
  allowTypeImports: true,
  message: "Raise toasts with `toast` from '@/lib/toast' (decision 0127).",
};

export default tseslint.config(
  {
    ignores: [
      'src/lint-fixtures-*',
      'dist',
      'node_modules',
      'test-results',
      'reports',
      'playwright-report',
      'drizzle',
      'data',
      'demo-data',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'test-support/**/*.ts',
      'security/**/*.ts',
      'scripts/**/*.ts',
      'e2e/**/*.ts',
      'faults/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_LONG_CHAINS] }] },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client never imports server code; only types cross (the typed API client).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [ONE_TOAST_RULE], patterns: [NO_LONG_CHAINS, CLIENT_NO_SERVER] },
      ],
    },
  },
  {
    // Features do not reach into each other's components; shared pieces go to components/ or lib/.
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [ONE_TOAST_RULE],
          patterns: [
            NO_LONG_CHAINS,
            CLIENT_NO_SERVER,
            { group: ['@/features/*/components/*'], message: "Do not import another feature's components." },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_LONG_CHAINS,
            {
              regex: '(^#server/|^@/|/server/|/client/)',
              message: 'src/shared imports neither client nor server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'e2e/**',
      '*.config.*',
      'test-support/**',
      'security/**',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Boundaries between features, the platform and test support, and no import cycles
    // (eslint.boundaries.js, docs/decisions/0096-import-boundaries.md).
    files: ['src/**/*.{ts,tsx}', 'test-support/**/*.ts', 'security/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are parsed as modules (without this, no-cycle sees no .ts dependency).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': productionRestrictedPaths,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  { files: TEST_FILES, rules: { 'import-x/no-restricted-paths': testRestrictedPaths } },
);
