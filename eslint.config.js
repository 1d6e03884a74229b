import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';
import { productionRestrictedPaths, TEST_FILES, testRestrictedPaths } from './eslint.boundaries.js';

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
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client never imports server code; only types cross (the typed API client).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'The client may import only types from the server.',
            },
          ],
        },
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
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'The client may import only types from the server.',
            },
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
            {
              group: ['**/server/**', '**/client/**', '@/*'],
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
      'src/testing/**',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Boundaries between features, the platform and test support, and no import cycles
    // (eslint.boundaries.js, docs/decisions/0096-import-boundaries.md).
    files: ['src/**/*.{ts,tsx}'],
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
