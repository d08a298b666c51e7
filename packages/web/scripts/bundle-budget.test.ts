// @vitest-environment node
/// <reference types="node" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetProblems, buildForBudget, eagerLazyChunks, entryDynamicImports, LOGIN_LIMIT_KIB, measurePages, PAGE_LIMIT_KIB, pageBudgets, readManifest, report, staticClosure, type Manifest } from './bundle-budget';

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-web-budget-'));
  temporary.push(dir);
  return dir;
}

/** Random bytes do not compress: a file of n of them is about n bytes brotli. */
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

  it('budgets the sign-in page at 200 KiB and every route page the entry loads lazily, with the shell, at 300 KiB', () => {
    expect(pageBudgets(fakeManifest, {})).toEqual([
      { name: '/login', modules: ['src/features/auth/LoginPage.tsx'], limitKib: LOGIN_LIMIT_KIB },
      { name: 'HomePage.tsx', modules: ['src/app/AppShell.tsx', 'src/features/home/HomePage.tsx'], limitKib: PAGE_LIMIT_KIB },
      { name: 'ClientListPage.tsx', modules: ['src/app/AppShell.tsx', 'src/features/clients/ClientListPage.tsx'], limitKib: PAGE_LIMIT_KIB },
    ]);
    expect([LOGIN_LIMIT_KIB, PAGE_LIMIT_KIB]).toEqual([200, 300]);
  });

  it("finds the pages and the shell where rolldown's inlined common chunks put them (a stub entry importing the router's chunk)", () => {
    const inlined: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_web-a1a1a1a1.js'] },
      '_web-a1a1a1a1.js': { file: 'assets/web-a1a1a1a1.js', name: 'web', imports: ['_react.js'], dynamicImports: ['src/features/auth/LoginPage.tsx', '_AppShell-b2b2b2b2.js', '_ClientListPage-c3c3c3c3.js'] },
      '_react.js': { file: 'assets/react.js' },
      'src/features/auth/LoginPage.tsx': { file: 'assets/LoginPage.js', isDynamicEntry: true, src: 'src/features/auth/LoginPage.tsx', imports: ['_web-a1a1a1a1.js'] },
      '_AppShell-b2b2b2b2.js': { file: 'assets/AppShell-b2b2b2b2.js', name: 'AppShell', imports: ['_web-a1a1a1a1.js'] },
      '_ClientListPage-c3c3c3c3.js': { file: 'assets/ClientListPage-c3c3c3c3.js', name: 'ClientListPage', imports: ['_web-a1a1a1a1.js'] },
    };
    expect(pageBudgets(inlined, {})).toEqual([
      { name: '/login', modules: ['src/features/auth/LoginPage.tsx'], limitKib: LOGIN_LIMIT_KIB },
      { name: 'ClientListPage', modules: ['_AppShell-b2b2b2b2.js', '_ClientListPage-c3c3c3c3.js'], limitKib: PAGE_LIMIT_KIB },
    ]);
    expect(eagerLazyChunks(inlined)).toEqual([]);
    expect(eagerLazyChunks({ ...inlined, '_web-a1a1a1a1.js': { ...inlined['_web-a1a1a1a1.js']!, imports: ['_react.js', '_ClientListPage-c3c3c3c3.js'] } })).toEqual(['_ClientListPage-c3c3c3c3.js']);
  });

  it('sums brotli sizes of JavaScript files only, each shared chunk once', () => {
    const dir = writeFakeBuild(fakeSizes, fakeManifest);
    const [login, home, clients] = measurePages(dir, readManifest(dir));
    // index 20k + react 60k + mui 90k + LoginPage 5k of incompressible bytes, plus brotli framing.
    expect(login!.files.map((f) => f.file).sort()).toEqual(['assets/LoginPage.js', 'assets/index.js', 'assets/mui.js', 'assets/react.js']);
    expect(login!.brotliBytes).toBeGreaterThanOrEqual(175_000);
    expect(login!.brotliBytes).toBeLessThan(175_200);
    // The shell's CSS is not JavaScript; mui is counted once though both AppShell and HomePage import it.
    expect(home!.files.map((f) => f.file).sort()).toEqual(['assets/AppShell.js', 'assets/HomePage.js', 'assets/index.js', 'assets/mui.js', 'assets/react.js']);
    expect(home!.brotliBytes).toBeGreaterThanOrEqual(210_000);
    expect(home!.brotliBytes).toBeLessThan(210_200);
    expect(clients!.files.map((f) => f.file)).toContain('assets/grid.js');
  });

  it('fails a page over its budget, naming the page and its largest files', () => {
    const heavy = { ...fakeSizes, 'assets/mui.js': 130_000, 'assets/grid.js': 50_000 };
    const dir = writeFakeBuild(heavy, fakeManifest);
    const manifest = readManifest(dir);
    const pages = measurePages(dir, manifest, pageBudgets(manifest, {}));
    // /login: 215,000 bytes = 210 KiB > 200 KiB.
    expect(pages.map((page) => page.withinBudget)).toEqual([false, true, true]);
    const problems = budgetProblems(pages, manifest);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\/login: initial JavaScript 210\.\d KiB brotli is over its budget of 200 KiB \(largest: assets\/mui\.js 127\.\d KiB/);
    expect(report(pages)).toMatch(/^OVER \/login/);
  });

  it('fails any route page over 300 KiB', () => {
    const heavyGrid = { ...fakeSizes, 'assets/grid.js': 120_000 };
    const dir = writeFakeBuild(heavyGrid, fakeManifest);
    const manifest = readManifest(dir);
    // Client list: index 20k + react 60k + mui 90k + AppShell 30k + grid 120k + page 8k = 328,000 bytes > 307,200.
    const problems = budgetProblems(measurePages(dir, manifest, pageBudgets(manifest, {})), manifest);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ClientListPage\.tsx: initial JavaScript 320\.\d KiB brotli is over its budget of 300 KiB/);
  });

  it('holds a page over 300 KiB at its recorded ceiling, and asks to drop the ceiling once the page fits', () => {
    const heavyGrid = { ...fakeSizes, 'assets/grid.js': 120_000 };
    const dir = writeFakeBuild(heavyGrid, fakeManifest);
    const manifest = readManifest(dir);
    expect(budgetProblems(measurePages(dir, manifest, pageBudgets(manifest, { 'ClientListPage.tsx': 325 })), manifest)).toEqual([]);
    expect(budgetProblems(measurePages(dir, manifest, pageBudgets(manifest, { 'ClientListPage.tsx': 315 })), manifest)[0]).toMatch(/^ClientListPage\.tsx: .* over its budget of 315 KiB/);
    // Client list with a lighter grid: 20k + 60k + 90k + 30k + 50k + 8k = 258,000 bytes, under 300 KiB.
    const light = writeFakeBuild({ ...fakeSizes, 'assets/grid.js': 50_000 }, fakeManifest);
    expect(budgetProblems(measurePages(light, manifest, pageBudgets(manifest, { 'ClientListPage.tsx': 325 })), manifest)).toEqual([
      expect.stringMatching(/^ClientListPage\.tsx fits 300 KiB now .*: remove it from OVER_BUDGET_CEILINGS_KIB$/),
    ]);
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

  it('keeps initial JavaScript of /login under 200 KiB and of every route page under 300 KiB brotli (or its recorded ceiling)', () => {
    const pages = measurePages(dist, manifest);
    console.log(report(pages));
    // The home, a records list and a ticket page are among the pages measured.
    expect(pages.length).toBeGreaterThan(15);
    for (const name of ['/login', 'HomePage.tsx', 'ClientListPage', 'TicketPage.tsx']) expect(pages.map((page) => page.name)).toContain(name);
    // No page is held at a ceiling over the budget any more (OVER_BUDGET_CEILINGS_KIB is empty).
    expect(pages.filter((page) => page.limitKib > (page.name === '/login' ? LOGIN_LIMIT_KIB : PAGE_LIMIT_KIB)).map((page) => page.name)).toEqual([]);
    expect(budgetProblems(pages, manifest)).toEqual([]);
  });

  it('loads every route page lazily, and the sign-in page without the shell, data grid, maps or schemas', () => {
    const lazy = entryDynamicImports(manifest);
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

  it('loads no zod with the signed-in shell or with any route page: answers are not parsed in the browser, list columns come from generated field lists, forms load their schemas when they open', () => {
    const pages = pageBudgets(manifest);
    for (const name of ['ClientListPage', 'MyTicketsPage.tsx', 'DirectoryListPages.tsx', 'BrandPages.tsx', 'TicketPage.tsx', 'HomePage.tsx']) expect(pages.map((page) => page.name)).toContain(name);
    for (const page of pages) {
      const files = staticClosure(manifest, ['index.html', ...page.modules]).map((key) => manifest[key]!.file);
      const source = files.filter((file) => file.endsWith('.js')).map((file) => fs.readFileSync(path.join(dist, file), 'utf8')).join('\n');
      expect(source.includes('ZodError'), page.name).toBe(false);
    }
    // The development-only answer check (response-check.ts) is not in a production build at all.
    const assets = fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    expect(assets.filter((file) => fs.readFileSync(path.join(dist, 'assets', file), 'utf8').includes('is not an endpoint of the contract'))).toEqual([]);
  });
});
