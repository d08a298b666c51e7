import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

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
  plugins: [react(), precompress()],
  server: { proxy: { '/api': 'http://localhost:8000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
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
