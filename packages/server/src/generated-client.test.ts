import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { insertUser, type TestUser } from './test/factories/users';
import { insertBrand } from './test/factories/records';

/**
 * Issue 23.6: an integrator generates a TypeScript client from the served
 * OpenAPI document (openapi-typescript + openapi-fetch), and a small program
 * written against it type-checks under strict tsc and works against the real
 * server over HTTP: a list, a detail, a 400's field errors and a 404.
 */

// Inside node_modules so the program resolves `openapi-fetch` as an integrator's project would.
const workDir = path.resolve(import.meta.dirname, '../node_modules/.cache', `generated-client-${process.pid}`);

const PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

/** A list's full item, named by the document for callers that do not select. */
type Brand = components['schemas']['operations_brands_list_item'];

export interface Outcome {
  brandNames: string[];
  selectedKeys: string[];
  fullKeys: string[];
  count: number;
  readName: string;
  fieldErrors: string[];
  missingStatus: number;
  missingDetail: string;
}

export async function run(baseUrl: string, token: string, brandId: string): Promise<Outcome> {
  // JSON only: list operations also answer text/csv, which a JSON client does not ask for.
  // ordering and select are comma-separated lists (style form, explode false), as the document says.
  const api = createClient<paths, 'application/json'>({
    baseUrl,
    headers: { Authorization: \`Token \${token}\` },
    querySerializer: { array: { style: 'form', explode: false } },
  });

  const list = await api.GET('/api/operations/brands/', {
    params: { query: { ordering: ['-name', 'created_at'], select: ['id', 'name'] } },
  });
  if (!list.data) throw new Error('list failed: ' + list.response.status);
  // With select an item carries only the selected fields, so each may be missing.
  const brandNames: string[] = list.data.results.map((brand) => brand.name ?? '');
  const selectedKeys = Object.keys(list.data.results[0] ?? {}).sort();

  // Without select every item is the full item.
  const unselected = await api.GET('/api/operations/brands/', { params: { query: { ordering: ['-name'] } } });
  const fullBrands = (unselected.data?.results ?? []) as Brand[];
  const fullKeys = fullBrands[0] ? Object.keys(fullBrands[0]).sort() : [];

  const one = await api.GET('/api/operations/brands/{id}/', { params: { path: { id: brandId } } });
  if (!one.data) throw new Error('read failed: ' + one.response.status);
  const readName: string = one.data.name;

  const invalid = await api.POST('/api/operations/brands/', { body: { name: 'x'.repeat(31), description: 'too long a name' } });
  let fieldErrors: string[] = [];
  if (invalid.error && !('detail' in invalid.error)) {
    const messages = invalid.error['name'];
    fieldErrors = Array.isArray(messages) ? messages : [];
  }

  const missing = await api.GET('/api/operations/brands/{id}/', {
    params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
  });
  const detail = missing.error?.['detail'];
  const missingDetail: string = typeof detail === 'string' ? detail : '';

  return { brandNames, selectedKeys, fullKeys, count: list.data.count, readName, fieldErrors, missingStatus: missing.response.status, missingDetail };
}
`;

let t: TestApp;
let admin: TestUser;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertUser(t, { superuser: true });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
});
afterAll(async () => {
  fs.rmSync(workDir, { recursive: true, force: true });
  await t.close();
});

describe('a TypeScript client generated from /api/schema/', () => {
  it('type-checks a program that lists, reads, and handles field errors and 404 under strict tsc', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/schema/?format=json' })).json();
    fs.writeFileSync(path.join(workDir, 'schema.d.ts'), astToString(await openapiTS(document)));
    fs.writeFileSync(path.join(workDir, 'program.ts'), PROGRAM);

    const program = ts.createProgram([path.join(workDir, 'program.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('the same program works against the running server over HTTP', async () => {
    const brand = await insertBrand(t, admin.token, { name: 'Generated client brand' });
    await insertBrand(t, admin.token, { name: 'A generated client brand' });
    const compiled = transformSync(PROGRAM, { loader: 'ts', format: 'esm' }).code;
    const file = path.join(workDir, 'program.mjs');
    fs.writeFileSync(file, compiled);
    const { run } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      run(baseUrl: string, token: string, brandId: string): Promise<Record<string, unknown>>;
    };
    const outcome = await run(baseUrl, admin.token, brand.id);
    expect(outcome).toMatchObject({
      readName: 'Generated client brand',
      missingStatus: 404,
      missingDetail: expect.any(String),
    });
    // Ordered by -name: the list came back as the comma-separated ordering and select asked.
    expect((outcome.brandNames as string[]).slice(0, 2)).toEqual(['Generated client brand', 'A generated client brand']);
    expect(outcome.selectedKeys).toEqual(['id', 'name']);
    expect(outcome.fullKeys).toEqual(expect.arrayContaining(['id', 'name', 'description', 'created_at']));
    expect(outcome.count).toBeGreaterThanOrEqual(1);
    expect(outcome.fieldErrors).toEqual([expect.stringMatching(/30/)]);
  });
});
