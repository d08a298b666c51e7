/// <reference types="node" />
import type { Plugin } from 'vite';

/**
 * Leaves MUI's CSS-variables theme machinery out of the production build (about 7 KiB brotli on
 * every page: `createThemeWithVars`, `CssVarsProvider`, the color-scheme storage and script).
 * Our theme (`src/shared/theme.ts`) is made by `createTheme` without `cssVariables` or
 * `colorSchemes`, which MUI answers with `createThemeNoVars` ("behaves exactly as v5"), and
 * `ThemeProvider` renders `ThemeProviderNoVars` for a theme without `colorSchemes`: the
 * CSS-variables branches are never taken, but both modules import them. This replaces those two
 * imports with stubs that throw if a branch is ever taken (a theme given `cssVariables` or
 * `colorSchemes` must remove this plugin). Tests run MUI as it is (vitest.config.ts).
 */
const STUBS: Record<string, { from: RegExp; code: string }> = {
  './createThemeWithVars.mjs': {
    from: /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
    code: 'export default function createThemeWithVars() { throw new Error(MESSAGE); }',
  },
  './ThemeProviderWithVars.mjs': {
    from: /[\\/]@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
    code: 'export function CssVarsProvider() { throw new Error(MESSAGE); }',
  },
};
const PREFIX = '\0mui-without-css-vars:';
const MESSAGE = JSON.stringify('MUI CSS variables themes are left out of this build (packages/web/scripts/mui-without-css-vars.ts).');

export function muiWithoutCssVars(): Plugin {
  return {
    name: 'mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const stub = Object.hasOwn(STUBS, source) ? STUBS[source] : undefined;
      if (stub && importer && stub.from.test(importer)) return PREFIX + source;
      return null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return `const MESSAGE = ${MESSAGE};\n${STUBS[id.slice(PREFIX.length)]!.code}\n`;
    },
  };
}
