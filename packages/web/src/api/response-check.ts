/**
 * Development and unit tests only: `callEndpoint` loads this module behind `import.meta.env.DEV`, so
 * production builds contain neither it nor zod. It checks an answer against its endpoint's success
 * schema from the contract, so test data or a dev server that drifted from the contract fails
 * loudly (with zod's error) where a developer sees it. The answer itself is passed on as it came,
 * as in production: nothing the schema would add or convert is used.
 */
import type { EndpointDefinition } from '@ops/contract/common/endpoint';

const contractModules = import.meta.glob<Record<string, unknown>>(['../../../contract/src/**/*.ts', '!**/*.test.ts'], {
  eager: true,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEndpoint = (value: unknown): value is EndpointDefinition =>
  isRecord(value) && typeof value.method === 'string' && typeof value.path === 'string' && isRecord(value.responses);

const keyOf = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

let catalogue: Map<string, EndpointDefinition> | undefined;

/** Every endpoint of the contract by method and path. */
function endpoints(): Map<string, EndpointDefinition> {
  if (catalogue) return catalogue;
  catalogue = new Map();
  const collect = (value: unknown, depth: number) => {
    if (isEndpoint(value)) catalogue!.set(keyOf(value), value);
    else if (isRecord(value) && depth < 3) for (const entry of Object.values(value)) collect(entry, depth + 1);
  };
  for (const exports of Object.values(contractModules)) for (const value of Object.values(exports)) collect(value, 0);
  return catalogue;
}

/** Throws zod's error when `raw` is not what the endpoint's success schema describes. */
export function checkResponse(
  endpoint: { method: string; path: string; responses?: EndpointDefinition['responses'] },
  raw: unknown,
): void {
  const definition = endpoint.responses ? endpoint : endpoints().get(keyOf(endpoint));
  if (!definition?.responses) throw new Error(`${keyOf(endpoint)} is not an endpoint of the contract`);
  const schema = definition.responses[200] ?? definition.responses[201] ?? definition.responses[202];
  if (schema) schema.parse(raw);
}
