import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files of the repository in backticks (`modules/helpdesk/ticket-sites.ts`,
 * `shared/ui/list-page/ListGrid.tsx`, `e2e/tests/`); when a file moves, the doc must move with it.
 * A named file exists when some file of the repository ends with that path; a named folder when
 * some file lies under it. Names without a code folder prefix and no file extension (API paths
 * such as `helpdesk/teams/`, identifiers) are not paths and are not checked.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NOT_SOURCE = new Set(['node_modules', '.git', 'dist', '.data', 'coverage', 'test-results', 'playwright-report']);
const FILE = /\.(ts|tsx|mts|mjs|cjs|js|sql|md|json|ya?ml|png|svg|sh|css|html|snap)$/;
/** Folders of the repository a doc can name without their package prefix (`modules/`, `shared/ui/`). */
const FOLDER = /^(packages|e2e|bench|scripts|docs|src|modules|features|shared|shell|platform|list-query|cli|db|seed|app)\//;

/**
 * Names that are not files of the repository on purpose: build output, files the docs say were
 * removed or moved (docs/decisions.md keeps the history), and example file names.
 */
const NOT_IN_REPOSITORY = new Set([
  'packages/server/dist/main.js',
  'dist/main.js',
  'dist/sitechecks-sw.js', // build output of packages/web/src/sw/sitechecks-sw.ts
  '/sitechecks-sw.js', // the URL the built site checks worker is served at
  'public/sitechecks-sw.js', // decisions.md: replaced by packages/web/src/sw/sitechecks-sw.ts (Workbox)
  'modules/integrations/cron.ts', // decisions.md: removed
  'src/commands.ts', // decisions.md: moved to src/cli/
  'ours-sql.mjs', // the peer benchmark harness, outside the repository
  'report.png', // operations.md: an example upload name
]);

function repositoryFiles(dir = ROOT, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return [];
    const path = `${prefix}${entry.name}`;
    return entry.isDirectory() ? repositoryFiles(join(dir, entry.name), `${path}/`) : [path];
  });
}

function docs(): string[] {
  const inDocs = repositoryFiles(join(ROOT, 'docs'), 'docs/').filter((file) => file.endsWith('.md'));
  return ['README.md', ...inDocs];
}

/** Each path-like word of each backticked span, without a leading `./` and trailing punctuation. */
function namedPaths(markdown: string): string[] {
  const names = [...markdown.matchAll(/`([^`\n]+)`/g)].flatMap(([, span]) => span!.split(/[\s,()]+/));
  return names
    .map((name) => name.replace(/^\.\//, '').replace(/[:;.]+$/, ''))
    .filter(
      (name) => (FILE.test(name) || (FOLDER.test(name) && name.endsWith('/'))) && !/[<>{}$=]|^https?:|^@|^\.[a-z]+$/.test(name),
    );
}

/**
 * `a/b/*.sql` matches any file name in `a/b/`; otherwise the name matches whole path segments.
 * A file outside the repository (`../shared/x.mjs`, `/work/tools/x.mjs`) matches nothing: a clone
 * does not have it.
 */
function matcher(name: string): (file: string) => boolean {
  if (name.startsWith('../') || name.startsWith('/')) return () => false;
  const pattern = name
    .split('*')
    .map((part) => part.replace(/[.+?^$|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  const re = name.endsWith('/') ? new RegExp(`(^|/)${pattern}`) : new RegExp(`(^|/)${pattern}$`);
  return (file) => re.test(file);
}

describe('paths named in the docs', () => {
  const files = repositoryFiles();

  it.each(docs())('%s names only files and folders that exist', (doc) => {
    const missing = namedPaths(readFileSync(join(ROOT, doc), 'utf8')).filter(
      (name) => !NOT_IN_REPOSITORY.has(name) && !files.some(matcher(name)),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it.each(docs())('%s links only to files and folders that exist', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => target!.split('#')[0]!)
      .filter((target) => target && !/^[a-z]+:/.test(target));
    const missing = targets.filter((target) => !existsSync(join(ROOT, dirname(doc), target)));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('comments and docs cite the specification in docs/spec/, not documents a clone does not have', () => {
    const check = spawnSync(process.execPath, [join(ROOT, 'scripts/cite-project-docs.mjs'), '--check'], { encoding: 'utf8' });
    expect(check.stdout).toBe('');
    expect(check.status).toBe(0);
  });

  it('finds a path that does not exist', () => {
    const names = namedPaths(
      'The list lives in `features/records/RecordPagesThatMoved.tsx` and `e2e/nowhere/`; run `node /work/tools/layers.mjs`.',
    );
    expect(names).toEqual(['features/records/RecordPagesThatMoved.tsx', 'e2e/nowhere/', '/work/tools/layers.mjs']);
    expect(names.filter((name) => !files.some(matcher(name)))).toEqual(names);
  });
});
