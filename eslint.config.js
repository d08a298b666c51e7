import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * Layer boundaries (docs/architecture.md, "Layers"): a file imports its own
 * layer or lower ones only. Server: entry (main, app, cli, cli/, seed/) >
 * modules > platform and list-query > db. Web: app > features > shell >
 * shared > api. Imports are relative, so each rule names the folders a layer
 * may not reach; tests are exempt (they drive the whole app).
 */
const SERVER_ENTRY = {
  regex: '(^|/)(\\.\\./)+(app|main|cli)$|(^|/)(\\.\\./)+cli/|(^|/)seed/',
  message: 'Only the entry point (main, app, cli, cli/, seed) may import the entry layer.',
};
const layer = (files, patterns, exempt = []) => ({
  files,
  ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/server/src/test/**', 'packages/web/src/test-setup.ts', ...exempt],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const forbid = (folders, what) => ({
  regex: `(^|/)(${folders.join('|')})/`,
  message: `${what} may not import ${folders.join(', ')} (layer order).`,
});

const layerRules = [
  layer(['packages/server/src/db/**'], [forbid(['platform', 'list-query', 'modules'], 'db'), SERVER_ENTRY]),
  layer(
    ['packages/server/src/platform/**', 'packages/server/src/list-query/**'],
    [forbid(['modules'], 'platform and list-query'), SERVER_ENTRY],
  ),
  layer(['packages/server/src/modules/**'], [SERVER_ENTRY]),
  layer(['packages/web/src/api/**'], [forbid(['shared', 'shell', 'features', 'app'], 'api')]),
  layer(['packages/web/src/shared/**'], [forbid(['shell', 'features', 'app'], 'shared')]),
  layer(['packages/web/src/shell/**'], [forbid(['features', 'app'], 'shell')]),
  layer(['packages/web/src/features/**'], [forbid(['app'], 'features')]),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/db/migrations/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['packages/web/**'], languageOptions: { globals: { ...globals.browser } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-control-regex': 'off',
    },
  },
  ...layerRules,
);
