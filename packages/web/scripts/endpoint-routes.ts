/// <reference types="node" />
/**
 * Writes `src/api/endpoint-routes.ts`: every endpoint group of the contract
 * (`identityEndpoints`, `staffTicketEndpoints`, ...) under the same names, each
 * endpoint as its method and path (and the permission model it checks) only.
 * The web calls the API through these
 * routes, so a page's JavaScript carries no zod schema: the contract's
 * definitions reach the web as types (`EndpointRoute<E>`), and the server, which
 * owns the contract, is where answers are checked (docs/decisions.md, "The
 * browser trusts the API's answers").
 *
 *   npx tsx packages/web/scripts/endpoint-routes.ts
 *
 * `scripts/endpoint-routes.test.ts` fails while the file is not what this
 * writes; `tsc` fails on a route whose method or path differs from its
 * endpoint's literal type.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';

const webRoot = path.resolve(import.meta.dirname, '..');
const contractRoot = path.resolve(webRoot, '../contract/src');
export const ROUTES_FILE = path.join(webRoot, 'src/api/endpoint-routes.ts');

interface Route {
  method: string;
  path: string;
  /** The permission model the endpoint checks (`client`), for the web's permission lookups. */
  model?: string;
}
/** A group's entries: a route, or a nested group (`jobEndpoints.bulk`). */
interface RouteTree {
  [key: string]: Route | RouteTree;
}
export interface RouteGroup {
  /** Import specifier of the contract module (`@ops/contract/identity/identity.endpoints`). */
  module: string;
  name: string;
  routes: RouteTree;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEndpoint = (value: unknown): value is Route =>
  isRecord(value) && typeof value.method === 'string' && typeof value.path === 'string' && isRecord(value.responses);

function modelOf(endpoint: Route): { model?: string } {
  const access = (endpoint as { access?: { kind: string; model?: string } }).access;
  return access?.kind === 'permission' && access.model ? { model: access.model } : {};
}

/** Method, path (and permission model) of every endpoint in a group, or null when the value is not (only) endpoints. */
function routesOf(value: unknown): RouteTree | null {
  if (!isRecord(value) || Object.keys(value).length === 0) return null;
  const tree: RouteTree = {};
  for (const [key, entry] of Object.entries(value)) {
    if (isEndpoint(entry)) tree[key] = { method: entry.method, path: entry.path, ...modelOf(entry) };
    else {
      const nested = routesOf(entry);
      if (!nested) return null;
      tree[key] = nested;
    }
  }
  return tree;
}

function contractModules(dir = contractRoot): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return contractModules(file);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
    })
    .sort();
}

/** Every exported endpoint group of the contract, by module path then export name. */
export async function contractRouteGroups(): Promise<RouteGroup[]> {
  const groups: RouteGroup[] = [];
  const names = new Map<string, string>();
  for (const file of contractModules()) {
    const module = `@ops/contract/${path.relative(contractRoot, file).replace(/\\/g, '/').replace(/\.ts$/, '')}`;
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    // By name: a module namespace lists its exports sorted under Node, in source order under Vite's runner.
    for (const [name, value] of Object.entries(exports).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (isEndpoint(value))
        throw new Error(
          `${module} exports the endpoint ${name} outside a group: put it in one, or teach ${path.basename(import.meta.filename)} single endpoints`,
        );
      const routes = routesOf(value);
      if (!routes) continue;
      if (names.has(name)) throw new Error(`${name} is exported by both ${names.get(name)} and ${module}`);
      names.set(name, module);
      groups.push({ module, name, routes });
    }
  }
  return groups;
}

const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));

function renderTree(tree: RouteTree): string {
  const entries = Object.entries(tree).map(([name, entry]) =>
    'method' in entry && typeof entry.method === 'string'
      ? `${key(name)}: { method: ${literal(entry.method)}, path: ${literal(entry.path as string)}${typeof entry.model === 'string' ? `, model: ${literal(entry.model)}` : ''} }`
      : `${key(name)}: ${renderTree(entry as RouteTree)}`,
  );
  return `{\n${entries.join(',\n')},\n}`;
}

/** The routes module's source, formatted as the repository's Prettier settings say. */
export async function renderRoutesModule(groups: RouteGroup[]): Promise<string> {
  const definitions = (name: string) => `${name}Definitions`;
  const byModule = new Map<string, string[]>();
  for (const group of groups) byModule.set(group.module, [...(byModule.get(group.module) ?? []), group.name]);
  const source = [
    "// Generated by scripts/endpoint-routes.ts from the contract's endpoint catalogue: do not edit.",
    '// `npx tsx packages/web/scripts/endpoint-routes.ts` rewrites it; scripts/endpoint-routes.test.ts fails while it is stale.',
    '/**',
    " * The contract's endpoint groups under their own names, each endpoint as method and path (and the",
    ' * permission model it checks) only: the web calls the API through these (`callEndpoint`), so no zod',
    " * schema loads with a page. Each route carries its endpoint's definition as a type, for the call's",
    ' * parameters and its answer.',
    ' */',
    "import type { EndpointRoutes } from './http-client';",
    ...[...byModule].map(
      ([module, names]) =>
        `import type { ${names.map((name) => `${name} as ${definitions(name)}`).join(', ')} } from '${module}';`,
    ),
    '',
    ...groups.map(
      (group) => `export const ${group.name}: EndpointRoutes<typeof ${definitions(group.name)}> = ${renderTree(group.routes)};\n`,
    ),
  ].join('\n');
  const options = await prettier.resolveConfig(ROUTES_FILE);
  return prettier.format(source, { ...options, filepath: ROUTES_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const source = await renderRoutesModule(await contractRouteGroups());
  fs.writeFileSync(ROUTES_FILE, source);
  console.log(`wrote ${path.relative(process.cwd(), ROUTES_FILE)}`);
}
