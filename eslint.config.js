import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** One no-restricted-imports block per layer, naming the layers above it. */
function webLayerRules(layers) {
  return layers.map(([files, above]) => ({
    files: [files],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: above.map((layer) => ({ regex: `^(\\.\\./)+(.*/)?${layer}/`, message: `The ${layer}/ layer sits above this one; move the shared piece down instead.` })) },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/db/migrations/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['packages/web/**'], languageOptions: { globals: { ...globals.browser } } },
  // Web layers, highest first: app > features > shell > shared > api (a layer imports its own or lower ones).
  ...webLayerRules([
    ['packages/web/src/features/**', ['app']],
    ['packages/web/src/shell/**', ['app', 'features']],
    ['packages/web/src/shared/**', ['app', 'features', 'shell']],
    ['packages/web/src/api/**', ['app', 'features', 'shell', 'shared']],
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-control-regex': 'off',
    },
  },
);
