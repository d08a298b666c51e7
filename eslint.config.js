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
/** notistack loads after the signed-in shell (docs/decisions.md): pages snack through shared/ui/snackbar. */
const NOTISTACK = { regex: '^notistack$', message: "Import useSnackbar from shared/ui/snackbar, not notistack (it loads after the shell)." };
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
  layer(['packages/web/src/shell/**'], [forbid(['features', 'app'], 'shell'), NOTISTACK]),
  layer(['packages/web/src/features/**'], [forbid(['app'], 'features'), NOTISTACK]),
];

/**
 * Typed errors (docs/architecture.md, "One shape per module"): a module throws its own errors
 * through its catalogue (`<module>.errors.ts`, `defineErrors`) and the common ones through
 * platform/errors.ts (`COMMON_ERRORS`, `notFound()`, ...); only platform/ builds an `ApiError`.
 */
const CATALOGUE = 'a code of its catalogue (<module>.errors.ts: X_ERRORS.error / onField / message) or COMMON_ERRORS';
const errorRules = [
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/platform/**', '**/*.test.ts', 'packages/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name=/^(ApiError|ModuleError)$/]", message: `Only platform/ builds an ApiError: throw ${CATALOGUE}.` },
      ],
    },
  },
  {
    files: ['packages/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name=/^(ApiError|ModuleError)$/]", message: `Only platform/ builds an ApiError: throw ${CATALOGUE}.` },
        { selector: "CallExpression[callee.object.name='ValidationError']", message: `A module's 400 is ${CATALOGUE}, not ValidationError.field/nonField.` },
        {
          selector: "NewExpression[callee.name='ValidationError'] :matches(Literal, TemplateLiteral)",
          message: `Messages of collected field errors come from ${CATALOGUE} (X_ERRORS.message), not literals.`,
        },
        {
          selector: "CallExpression[callee.name=/^(notAuthenticated|permissionDenied|notFound|conflict)$/][arguments.length>0]",
          message: `A module's own message is ${CATALOGUE}; the platform helpers take none.`,
        },
      ],
    },
  },
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
  ...errorRules,
  {
    // Playwright's waitForFunction takes any truthy answer at once, a Promise included: an async
    // predicate passes on its first call without waiting for anything. Poll with expect.poll.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='waitForFunction'] > :matches(ArrowFunctionExpression, FunctionExpression)[async=true]",
          message: 'waitForFunction does not await: an async predicate passes at once. Use expect.poll(() => page.evaluate(async () => ...)).',
        },
      ],
    },
  },
);
