/// <reference types="node" />
/**
 * The production bundle budget (issue 8): the JavaScript a browser must load
 * before the sign-in page, or the signed-in shell with the home page, can
 * render, gzip-compressed, stays under a fixed size.
 *
 *   npx tsx scripts/bundle-budget.ts             # builds into a temporary folder, then checks
 *   npx tsx scripts/bundle-budget.ts --dist DIR  # checks a build made with `vite build --manifest`
 *
 * "Initial JavaScript" of a page is read from Vite's build manifest: the entry
 * chunk (index.html) and the page's own lazily loaded chunks (the route's page
 * module, and for the shell AppShell.tsx), each with every chunk it imports
 * statically, transitively. Chunks reached only through a dynamic import()
 * (other routes, drawers, the sign-in call) are not initial. Sizes are gzip
 * at zlib's default level, as a compressing proxy would serve them; 1 KB is
 * 1,000 bytes. `scripts/bundle-budget.test.ts` runs the check in `npm test`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface PageBudget {
  name: string;
  /** Manifest keys (source paths) of the lazily loaded modules the page renders first, besides the entry. */
  modules: string[];
  limitKb: number;
}

export const BUDGETS: PageBudget[] = [
  { name: '/login', modules: ['src/features/auth/LoginPage.tsx'], limitKb: 200 },
  { name: 'signed-in shell (home)', modules: ['src/app/AppShell.tsx', 'src/features/home/HomePage.tsx'], limitKb: 350 },
];

export interface PageSize {
  name: string;
  limitKb: number;
  /** Output files counted, largest first, with their gzip size in bytes. */
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
  rawBytes: number;
  withinBudget: boolean;
}

const webRoot = path.resolve(import.meta.dirname, '..');

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build with \`vite build --manifest\``);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0]!;
}

/** Manifest keys of the chunks loaded before `roots` can run: the roots and their static imports, transitively. */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build (is it still lazily loaded by the router?)`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

/** Initial JavaScript of each budgeted page, measured on the files of a build. */
export function measurePages(distDir: string, manifest: Manifest, budgets: PageBudget[] = BUDGETS): PageSize[] {
  const entry = entryKey(manifest);
  const gzipCache = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = gzipCache.get(file);
    if (!size) {
      const bytes = fs.readFileSync(path.join(distDir, file));
      size = { raw: bytes.length, gzip: zlib.gzipSync(bytes).length };
      gzipCache.set(file, size);
    }
    return size;
  };
  return budgets.map((budget) => {
    const files = staticClosure(manifest, [entry, ...budget.modules])
      .map((key) => manifest[key]!.file)
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ file, gzipBytes: sizeOf(file).gzip, rawBytes: sizeOf(file).raw }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
    const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
    return {
      name: budget.name,
      limitKb: budget.limitKb,
      files: files.map(({ file, gzipBytes: size }) => ({ file, gzipBytes: size })),
      gzipBytes,
      rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
      withinBudget: gzipBytes <= budget.limitKb * 1000,
    };
  });
}

/**
 * Route pages must be code-split: every chunk the entry imports dynamically (a
 * React.lazy page, a drawer) must not also be among the chunks the entry loads
 * statically, or it would be part of every page's initial JavaScript.
 */
export function eagerLazyChunks(manifest: Manifest): string[] {
  const entry = entryKey(manifest);
  const eager = new Set(staticClosure(manifest, [entry]));
  return (manifest[entry]!.dynamicImports ?? []).filter((key) => eager.has(key));
}

/** Budget failures as readable lines (empty when everything is within budget). */
export function budgetProblems(pages: PageSize[], manifest: Manifest): string[] {
  const problems = pages
    .filter((page) => !page.withinBudget)
    .map((page) => `${page.name}: initial JavaScript ${formatKb(page.gzipBytes)} gzip is over its budget of ${page.limitKb} KB (largest: ${page.files.slice(0, 3).map((f) => `${f.file} ${formatKb(f.gzipBytes)}`).join(', ')})`);
  for (const key of eagerLazyChunks(manifest)) problems.push(`${key} is imported lazily by the entry but also loaded eagerly with it`);
  return problems;
}

export const formatKb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** A production build with a manifest into `outDir` (NODE_ENV=production: under vitest it is "test", which bundles React's development build). */
export function buildForBudget(outDir: string) {
  const result = spawnSync('npx', ['vite', 'build', '--mode', 'production', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
}

export function report(pages: PageSize[]): string {
  return pages
    .map((page) => `${page.withinBudget ? 'ok  ' : 'OVER'} ${page.name.padEnd(24)} ${formatKb(page.gzipBytes).padStart(9)} gzip (${formatKb(page.rawBytes)} raw, ${page.files.length} files) budget ${page.limitKb} KB`)
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const distIndex = process.argv.indexOf('--dist');
  let distDir = distIndex > 0 ? path.resolve(process.argv[distIndex + 1]!) : '';
  if (!distDir) {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-web-budget-'));
    buildForBudget(distDir);
  }
  const manifest = readManifest(distDir);
  const pages = measurePages(distDir, manifest);
  console.log(report(pages));
  if (process.argv.includes('--files')) for (const page of pages) console.log(`\n${page.name}\n${page.files.map((f) => `  ${formatKb(f.gzipBytes).padStart(9)}  ${f.file}`).join('\n')}`);
  const problems = budgetProblems(pages, manifest);
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length ? 1 : 0;
}
