import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkProject } from './check-layers.mjs';

// Each case writes a tiny server and web tree, clean but for the one fault it plants.
const trees = [];
function tree(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-layers-'));
  trees.push(dir);
  const clean = {
    'packages/server/src/app.ts': "import { aPlugin } from './modules/a/index';\nexport const app = aPlugin;\n",
    'packages/server/src/modules/a/index.ts': "export { aPlugin } from './a.plugin';\n",
    'packages/server/src/modules/a/a.plugin.ts': "import { bPort } from '../b/index';\nimport { sql } from '../../platform/sql';\nexport const aPlugin = [bPort, sql];\n",
    'packages/server/src/modules/b/index.ts': "export { bPort } from './b.service';\n",
    'packages/server/src/modules/b/b.service.ts': "import type { Row } from '../../db/schema';\nexport const bPort = (row: Row) => row;\n",
    'packages/server/src/modules/b/b.service.test.ts': "import { aPlugin } from '../a/a.plugin';\nexport const t = aPlugin;\n",
    'packages/server/src/platform/sql.ts': "export const sql = 'sql';\n",
    'packages/server/src/db/schema.ts': 'export type Row = { id: string };\n',
    'packages/web/src/app/main.tsx': "import { Page } from '../features/page/Page';\nexport const main = Page;\n",
    'packages/web/src/features/page/Page.tsx': "import { Button } from '../../shared/Button';\nexport const Page = Button;\n",
    'packages/web/src/shared/Button.tsx': 'export const Button = 1;\n',
  };
  for (const [file, text] of Object.entries({ ...clean, ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of trees.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const checks = (dir) => checkProject(dir).map(({ root, check }) => `${root} ${check}`);

describe('check-layers', () => {
  it('passes a clean tree (a test may reach anywhere)', () => {
    expect(checkProject(tree({}))).toEqual([]);
  });

  it('fails on a cycle made of a type-only import', () => {
    const dir = tree({
      'packages/server/src/modules/b/b.types.ts': "import { bPort } from './b.service';\nexport type Port = typeof bPort;\n",
      'packages/server/src/modules/b/b.service.ts':
        "import type { Port } from './b.types';\nexport const bPort = (port?: Port) => port;\n",
    });
    expect(checkProject(dir)).toEqual([
      { root: 'packages/server/src', check: 'cycle', detail: 'modules/b/b.service.ts <-> modules/b/b.types.ts' },
    ]);
  });

  it('fails on a web cycle too', () => {
    const dir = tree({ 'packages/web/src/shared/Button.tsx': "export { Page } from '../shared/Link';\nexport const Button = 1;\n", 'packages/web/src/shared/Link.tsx': "import { Button } from './Button';\nexport const Page = Button;\n" });
    expect(checks(dir)).toEqual(['packages/web/src cycle']);
  });

  it('fails on an import against the layer order', () => {
    const dir = tree({ 'packages/server/src/platform/audit.ts': "import { bPort } from '../modules/b/index';\nexport const audit = bPort;\n" });
    expect(checkProject(dir)).toEqual([
      {
        root: 'packages/server/src',
        check: 'layer',
        detail: 'platform/audit.ts -> modules/b/index.ts (platform may not import modules)',
      },
    ]);
  });

  it('fails on a module importing the entry layer (a seed importing the demo seed)', () => {
    const dir = tree({
      'packages/server/src/seed/demo.ts': 'export const demo = 1;\n',
      'packages/server/src/modules/b/b.seed.ts': "import { demo } from '../../seed/demo';\nexport const seed = demo;\n",
    });
    expect(checks(dir)).toEqual(['packages/server/src layer']);
  });

  it('fails on a web layer: shared importing a feature', () => {
    const dir = tree({ 'packages/web/src/shared/Link.tsx': "import { Page } from '../features/page/Page';\nexport const Link = Page;\n" });
    expect(checks(dir)).toEqual(['packages/web/src layer']);
  });

  it("fails on an import into another module's insides, not on its index", () => {
    const dir = tree({ 'packages/server/src/modules/a/a.plugin.ts': "import { bPort } from '../b/b.service';\nexport const aPlugin = bPort;\n" });
    expect(checkProject(dir)).toEqual([
      {
        root: 'packages/server/src',
        check: 'face',
        detail: 'modules/a/a.plugin.ts -> modules/b/b.service.ts (import modules/b/index.ts)',
      },
    ]);
  });

  describe('schema: tables are read through their owner\'s face and written through its port', () => {
    const schema = {
      'packages/server/src/db/schema/b.ts': "export const bTable = { name: 'b_table' };\n",
      'packages/server/src/db/schema/records-sites.ts': "export const sites = { name: 'sites' };\n",
      'packages/server/src/db/schema/audit.ts': "export const auditLog = { name: 'audit_log' };\n",
      'packages/server/src/modules/b/index.ts': "export { bPort } from './b.service';\nexport { bTable } from '../../db/schema/b';\n",
    };

    it('passes a read through the owner\'s face, a module\'s own tables and the shared ones', () => {
      const dir = tree({
        ...schema,
        'packages/server/src/modules/a/a.plugin.ts':
          "import { bPort, bTable } from '../b/index';\nimport { auditLog } from '../../db/schema/audit';\nexport const aPlugin = (db: { select(): unknown }) => [db.select(), bTable, bPort, auditLog];\n",
        'packages/server/src/modules/b/b.service.ts': "import { bTable } from '../../db/schema/b';\nexport const bPort = (db: { insert(t: unknown): unknown }) => db.insert(bTable);\n",
      });
      expect(checkProject(dir)).toEqual([]);
    });

    it("fails on importing another module's table from db/schema", () => {
      const dir = tree({
        ...schema,
        'packages/server/src/modules/a/a.plugin.ts': "import { bPort } from '../b/index';\nimport { bTable } from '../../db/schema/b';\nexport const aPlugin = [bPort, bTable];\n",
      });
      expect(checkProject(dir)).toEqual([
        {
          root: 'packages/server/src',
          check: 'schema',
          detail: "modules/a/a.plugin.ts -> db/schema/b.ts (bTable is module b's: import it from modules/b/index.ts)",
        },
      ]);
    });

    it('treats db/schema/records-<part>.ts as the records module\'s', () => {
      const dir = tree({
        ...schema,
        'packages/server/src/modules/a/a.plugin.ts': "import { bPort } from '../b/index';\nimport { sites } from '../../db/schema/records-sites';\nexport const aPlugin = [bPort, sites];\n",
        'packages/server/src/modules/records/records.service.ts': "import { sites } from '../../db/schema/records-sites';\nexport const own = sites;\n",
      });
      expect(checkProject(dir).map(({ detail }) => detail)).toEqual([
        "modules/a/a.plugin.ts -> db/schema/records-sites.ts (sites is module records's: import it from modules/records/index.ts)",
      ]);
    });

    it("fails on a write to a table taken from another module's face", () => {
      const dir = tree({
        ...schema,
        'packages/server/src/modules/a/a.plugin.ts':
          "import { bPort, bTable as theirs } from '../b/index';\nexport const aPlugin = (db: { delete(t: unknown): unknown }) => [bPort, db\n  .delete(\n    theirs)];\n",
      });
      expect(checkProject(dir)).toEqual([
        {
          root: 'packages/server/src',
          check: 'schema',
          detail: "modules/a/a.plugin.ts .delete(theirs) (a write to module b's table: go through its port or service)",
        },
      ]);
    });

    it('lets no module through: the flow reading the help desk\'s tickets fails like any other', () => {
      const dir = tree({
        ...schema,
        'packages/server/src/db/schema/helpdesk.ts': "export const tickets = { name: 'helpdesk_ticket' };\n",
        'packages/server/src/modules/helpdesk-flow/sla-sweep.ts':
          "import { tickets } from '../../db/schema/helpdesk';\nexport const sweep = (db: { update(t: unknown): unknown }) => db.update(tickets);\n",
      });
      expect(checkProject(dir)).toEqual([
        {
          root: 'packages/server/src',
          check: 'schema',
          detail:
            "modules/helpdesk-flow/sla-sweep.ts -> db/schema/helpdesk.ts (tickets is module helpdesk's: import it from modules/helpdesk/index.ts)",
        },
      ]);
    });
  });

  // One run of the command (loading TypeScript takes seconds on a busy machine); `npm run lint` runs it clean.
  it('exits 1 from the command line on a faulty tree', { timeout: 60_000 }, () => {
    const script = path.join(import.meta.dirname, 'check-layers.mjs');
    const faulty = tree({ 'packages/server/src/modules/a/a.plugin.ts': "import { bPort } from '../b/b.service';\nexport const aPlugin = bPort;\n" });
    const failed = spawnSync(process.execPath, [script, faulty], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain("import into another module's insides: modules/a/a.plugin.ts -> modules/b/b.service.ts");
  });
});
