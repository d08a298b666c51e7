import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Every module a process loads stays in its heap (source text, bytecode, objects) for good: the
// libraries only some installations use are imported where they are first needed (issue 20 item 4),
// so a server that never exports XLSX, stores in S3, syncs, receives or sends mail, traces or runs
// a CLI command never loads them. This follows main.ts's static imports as the bundle does.
const OPTIONAL = [
  'exceljs',
  '@aws-sdk/client-s3',
  '@azure/msal-node',
  'google-auth-library',
  'mailparser',
  'smtp-server',
  'nodemailer',
  '@opentelemetry/api',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/exporter-trace-otlp-http',
  'tar',
  'commander',
  'cli-progress',
];

async function startupPackages(entry: string): Promise<Set<string>> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    outdir: 'unused',
    // Package imports stay imports, as in scripts/build-server.mjs.
    packages: 'external',
    logLevel: 'silent',
  });
  const inputs: Metafile['inputs'] = result.metafile.inputs;
  const entryKey = Object.keys(inputs).find((key) => path.resolve(key) === entry)!;
  const packages = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of inputs[key]?.imports ?? []) {
      if (imported.kind !== 'import-statement' && imported.kind !== 'require-call') continue; // dynamic imports load later
      if (imported.external) packages.add(imported.path);
      else walk(imported.path);
    }
  };
  walk(entryKey);
  return packages;
}

describe('start-up imports', () => {
  it('leave the optional libraries (XLSX, S3, connector tokens, mail, tracing, CLI) to their first use', async () => {
    const packages = await startupPackages(path.resolve(import.meta.dirname, 'main.ts'));
    // The walk itself works: what every request needs is there.
    expect(packages).toContain('fastify');
    expect(packages).toContain('drizzle-orm');
    const loaded = OPTIONAL.filter((name) => [...packages].some((p) => p === name || p.startsWith(`${name}/`)));
    expect(loaded).toEqual([]);
  }, 60_000);
});
