import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// With its extension: Vite's native config loader reads this file without a bundler.
import { precompress } from './scripts/precompress.ts';
import { muiWithoutCssVars } from './scripts/mui-without-css-vars.ts';
import { lazyTooltipPopper } from './scripts/lazy-tooltip-popper.ts';

// Route pages are split by React.lazy in src/app/router.tsx, and the automatic
// chunking already keeps the data grid (list pages), the rich-text editor (help
// drawer, tickets) and maplibre (map views) in chunks only those pages load.
// Grouping those by hand would drag shared MUI parts along or make chunk cycles,
// so the only named group is React + router: on every page, and it changes only
// with an upgrade, so it keeps its cache entry across deploys.
// The sign-in page and the signed-in shell must stay within their budgets
// (scripts/bundle-budget.ts, checked by `npm test`): a group must never pull
// code into the entry chunk that those first pages do not need.
export default defineConfig({
  plugins: [
    react(),
    muiWithoutCssVars(),
    lazyTooltipPopper(),
    precompress(),
    // The site checks' offline worker (src/sw/sitechecks-sw.ts): Workbox with the build's precache
    // manifest. The pages register it themselves (scope /sitechecks), and the web app manifest is
    // public/manifest.webmanifest, so the plugin injects neither.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sitechecks-sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell and every page's code, so a site check page opens offline even where the phone
        // never loaded some of its chunks; not the maps (maplibre, 1 MB, and the basemap: no map
        // opens offline), the push worker or the .br/.gz copies.
        globPatterns: ['index.html', 'assets/**/*.{js,css}', 'favicon.svg', 'icon-maskable.svg', 'manifest.webmanifest', 'zod-config.js'],
        globIgnores: ['assets/maplibre-gl-*'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  server: { proxy: { '/api': 'http://localhost:8000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // maplibre (about 1 MB, loaded by the map pages only) is over Vite's 500 kB notice; what users
    // download per page is held by the bundle budget (scripts/bundle-budget.ts), not by this notice.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
          ],
        },
      },
    },
  },
});
