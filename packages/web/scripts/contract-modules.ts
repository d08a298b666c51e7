/// <reference types="node" />
/**
 * The contract's modules as the scripts that generate web modules from it read them
 * (`endpoint-routes.ts`, `list-fields.ts`), and the helpers both write their output with.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const contractRoot = path.resolve(import.meta.dirname, '../../contract/src');

export interface ContractModule {
  /** Import specifier (`@ops/contract/identity/identity.endpoints`). */
  module: string;
  exports: Record<string, unknown>;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function moduleFiles(dir = contractRoot): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return moduleFiles(file);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
    })
    .sort();
}

/** Every module of the contract but its tests, loaded, by path. */
export async function loadContractModules(): Promise<ContractModule[]> {
  const loaded: ContractModule[] = [];
  for (const file of moduleFiles()) {
    const module = `@ops/contract/${path.relative(contractRoot, file).replace(/\\/g, '/').replace(/\.ts$/, '')}`;
    loaded.push({ module, exports: (await import(pathToFileURL(file).href)) as Record<string, unknown> });
  }
  return loaded;
}

/** A module's exports sorted by name: a module namespace lists them sorted under Node, in source order under Vite's runner. */
export const sortedExports = (exports: Record<string, unknown>) =>
  Object.entries(exports).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** A single-quoted string literal. */
export const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** An object key: bare when it is an identifier. */
export const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));
