// @vitest-environment node
/// <reference types="node" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, budgetProblems, buildForBudget, eagerLazyChunks, measurePages, readManifest, report, staticClosure, type Manifest } from './bundle-budget';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-web-budget-'));
  temporary.push(dir);
  return dir;
}

/** Random bytes do not compress: a file of n of them is about n bytes gzip. */
function writeFakeBuild(files: Record<string, number>, manifest: Manifest) {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, '.vite'));
  for (const [file, size] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), Buffer.from(Array.from({ length: size }, () => Math.floor(Math.random() * 256))));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const fakeManifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/features/auth/LoginPage.tsx', 'src/app/AppShell.tsx', 'src/features/home/HomePage.tsx', 'src/features/clients/ClientListPage.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'] },
  '_grid.js': { file: 'assets/grid.js', imports: ['_mui.js'] },
  'src/features/auth/LoginPage.tsx': { file: 'assets/LoginPage.js', isDynamicEntry: true, imports: ['_mui.js'], dynamicImports: ['src/features/auth/sign-in.ts'] },
  'src/features/auth/sign-in.ts': { file: 'assets/sign-in.js', isDynamicEntry: true, imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  'src/app/AppShell.tsx': { file: 'assets/AppShell.js', isDynamicEntry: true, imports: ['_mui.js'], css: ['assets/AppShell.css'] },
  'src/features/home/HomePage.tsx': { file: 'assets/HomePage.js', isDynamicEntry: true, imports: ['_mui.js'] },
  'src/features/clients/ClientListPage.tsx': { file: 'assets/ClientListPage.js', isDynamicEntry: true, imports: ['_grid.js'] },
};
const fakeSizes = {
  'assets/index.js': 20_000,
  'assets/react.js': 60_000,
  'assets/mui.js': 90_000,
  'assets/grid.js': 150_000,
  'assets/LoginPage.js': 5_000,
  'assets/sign-in.js': 2_000,
  'assets/zod.js': 40_000,
  'assets/AppShell.js': 30_000,
  'assets/AppShell.css': 50_000,
  'assets/HomePage.js': 10_000,
  'assets/ClientListPage.js': 8_000,
};

describe('the initial JavaScript calculator', () => {
  it('counts the entry and the page with their static imports, not what they import dynamically', () => {
    expect(staticClosure(fakeManifest, ['index.html', 'src/features/auth/LoginPage.tsx']).sort()).toEqual(
      ['_mui.js', '_react.js', 'index.html', 'src/features/auth/LoginPage.tsx'].sort(),
    );
  });

  it('sums gzip sizes of JavaScript files only, each shared chunk once', () => {
    const dir = writeFakeBuild(fakeSizes, fakeManifest);
    const [login, shell] = measurePages(dir, readManifest(dir));
    // index 20k + react 60k + mui 90k + LoginPage 5k of incompressible bytes, plus gzip framing.
    expect(login!.files.map((f) => f.file).sort()).toEqual(['assets/LoginPage.js', 'assets/index.js', 'assets/mui.js', 'assets/react.js']);
    expect(login!.gzipBytes).toBeGreaterThan(175_000);
    expect(login!.gzipBytes).toBeLessThan(176_000);
    // The shell's CSS is not JavaScript; mui is counted once though both AppShell and HomePage import it.
    expect(shell!.files.map((f) => f.file).sort()).toEqual(['assets/AppShell.js', 'assets/HomePage.js', 'assets/index.js', 'assets/mui.js', 'assets/react.js']);
    expect(shell!.gzipBytes).toBeGreaterThan(210_000);
    expect(shell!.gzipBytes).toBeLessThan(211_000);
  });

  it('fails a page over its budget, naming the page and its largest files', () => {
    const heavy = { ...fakeSizes, 'assets/mui.js': 130_000 };
    const dir = writeFakeBuild(heavy, fakeManifest);
    const manifest = readManifest(dir);
    const pages = measurePages(dir, manifest);
    expect(pages.map((page) => page.withinBudget)).toEqual([false, true]);
    const problems = budgetProblems(pages, manifest);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\/login: initial JavaScript 215\.\d KB gzip is over its budget of 200 KB \(largest: assets\/mui\.js 130\.\d KB/);
    expect(report(pages)).toMatch(/^OVER \/login/);
  });

  it('fails when a lazily imported page is also loaded eagerly with the entry', () => {
    const eager: Manifest = { ...fakeManifest, 'index.html': { ...fakeManifest['index.html']!, imports: ['_react.js', 'src/features/clients/ClientListPage.tsx'] } };
    expect(eagerLazyChunks(eager)).toEqual(['src/features/clients/ClientListPage.tsx']);
    const dir = writeFakeBuild(fakeSizes, eager);
    expect(budgetProblems(measurePages(dir, eager), eager)).toContain('src/features/clients/ClientListPage.tsx is imported lazily by the entry but also loaded eagerly with it');
  });

  it('refuses a page module that is no longer a chunk of its own', () => {
    const { ['src/features/home/HomePage.tsx']: _home, ...withoutHome } = fakeManifest;
    const dir = writeFakeBuild(fakeSizes, withoutHome);
    expect(() => measurePages(dir, readManifest(dir))).toThrow(/src\/features\/home\/HomePage\.tsx is not a chunk of the build/);
  });
});

describe('the production build', () => {
  let dist = '';
  let manifest: Manifest;
  beforeAll(() => {
    dist = tempDir();
    buildForBudget(dist);
    manifest = readManifest(dist);
  }, 180_000);

  it('keeps initial JavaScript of /login under 200 KB and of the signed-in shell under 350 KB gzip', () => {
    const pages = measurePages(dist, manifest);
    console.log(report(pages));
    expect(pages.map((page) => page.name)).toEqual(BUDGETS.map((budget) => budget.name));
    expect(budgetProblems(pages, manifest)).toEqual([]);
  });

  it('loads every route page lazily, and the sign-in page without the shell, data grid, maps or schemas', () => {
    const entry = manifest['index.html']!;
    const lazy = entry.dynamicImports ?? [];
    const routerSource = fs.readFileSync(path.resolve(import.meta.dirname, '../src/app/router.tsx'), 'utf8');
    const routeModules = new Set([...routerSource.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((match) => match[1]!));
    // Every distinct module the router imports lazily is a dynamic import of the entry (several routes share a module).
    expect(lazy.length).toBeGreaterThanOrEqual(routeModules.size);
    expect(eagerLazyChunks(manifest)).toEqual([]);
    const loginFiles = staticClosure(manifest, ['index.html', 'src/features/auth/LoginPage.tsx']).map((key) => manifest[key]!.file);
    for (const name of ['AppShell', 'ListPage', 'maplibre', 'RichTextEditor', 'identity.endpoints', 'app-settings.queries', 'notistack']) {
      expect(loginFiles.filter((file) => path.basename(file).startsWith(name))).toEqual([]);
    }
    const loginSource = loginFiles.map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
    // Markers of zod (its error class) and of the data grid (its root class name).
    expect(loginSource).not.toContain('ZodError');
    expect(loginSource).not.toContain('MuiDataGrid');
  });
});
