import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder, found from this module's location: the same
 * answer from `src/platform/` (tsx, tests) and from the bundle in `dist/`
 * (`npm start`), so migrations, chart logos and the web build resolve from
 * either.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === '@ops/server')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`no @ops/server package.json above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
