import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { insertUser, type TestUser } from '../test/factories/users';
import { buildAddress, insertClient, insertContactPerson, insertCostCentre, insertIndustry, insertLegalEntity } from '../test/factories/records';
import { insertTicket } from '../test/factories/helpdesk';
import { checkedIn, renderModule, type SqlFactory } from '../test/repository-sql';
import { REPOSITORY_SQL, type SqlFixture } from '../test/repository-sql-cases';

/**
 * Every hand-written statement of the repositories (*.repository.ts) and statement files
 * (*.queries.ts), rendered into modules/<module>/<module>.queries.sql (docs/architecture.md,
 * "Checked-in SQL"). The test fails when a statement's text differs from its file, when a method
 * or statement function has no case, and when a repository file or factory is not listed.
 * The comparison is this test's own (not vitest's snapshots, which `-u` or a missing file write
 * instead of compare); `npm run sql:snapshots` rewrites the files (docs/operations.md).
 */
const MODULES = path.dirname(new URL(import.meta.url).pathname);

/** Exported functions of repository files that send no SQL, each with why. */
const NOT_STATEMENTS: Record<string, string> = {
  'integrations/sync.repository.ts rowKey': "a synced row's natural key as text, computed in the process",
  'integrations/integrations.repository.ts sql': "drizzle-orm's sql tag, re-exported for the resources",
  // The list engine's row writers (list-query/list-rows.ts) run these same prepared statements, by the
  // same text and name as the repository methods whose cases hold them (clientPage and the others, the ticket list).
  'records/record-pages.repository.ts recordListStatements': 'the statements of the record pages (clientPage, costCentrePage, contactRelationPage and the others), prepared by name',
  'helpdesk/ticket-views.repository.ts ticketListStatement': "the ticket list page's statement, the case of the ticket views' list method",
  'integrations/integrations.repository.ts employeeListStatement': 'the statement of employeesByIds, prepared by name',
  'integrations/integrations.repository.ts syncedListStatement': 'the statement of rowsByIds, prepared by name',
  'integrations/integrations.repository.ts syncedPageIds': "the synced page statement's bound ids (one JSON array text), computed in the process",
  'helpdesk-flow/flow.repository.ts policyFactsKey': 'which facts firstMatchingPolicy reads, computed in the process (a group of tickets matches once per key)',
};

let t: TestApp;
let fixture: SqlFixture;

beforeAll(async () => {
  t = await createTestApp();
  // The app's job runner polls for queued jobs: left running it could claim the job the insertJob
  // case queues before the claimNext case does (it did on PostgreSQL), and the claim's statements would change.
  await t.app.jobs.runner.stop();
  const admin: TestUser = await insertUser(t, { superuser: true });
  const other = await insertUser(t, { userType: 5 });
  const legalEntity = (await insertLegalEntity(t, admin.token)).id as string;
  const industry = (await insertIndustry(t, admin.token, { legal_entity: legalEntity })).id as string;
  const client = (await insertClient(t, admin.token, { owner: admin.id, legal_entity: legalEntity, industry, address: buildAddress() })).id as string;
  const costCentre = (await insertCostCentre(t, admin.token, { client, legal_entity: legalEntity })).id as string;
  const contactPerson = (await insertContactPerson(t, admin.token, { company: client })).id as string;
  const ticket = (await insertTicket(t, admin)).id as string;
  fixture = {
    user: admin.id,
    other: other.id,
    viewer: { id: other.id, userType: 5, isSuperuser: false },
    legalEntity,
    industry,
    client,
    costCentre,
    contactPerson,
    ticket,
    none: '00000000-0000-4000-8000-000000000000',
    scope: sql`true`,
  };
});
afterAll(() => t?.close());

describe('checked-in SQL of the repositories', () => {
  it.each(Object.keys(REPOSITORY_SQL))('%s', async (module) => {
    const text = await renderModule(module, REPOSITORY_SQL[module]!, t.database.db, fixture);
    const file = path.join(MODULES, module, `${module}.queries.sql`);
    const { expected, actual } = checkedIn(file, text);
    expect(expected, `${path.relative(process.cwd(), file)} is missing: run npm run sql:snapshots`).not.toBeNull();
    // Line by line, so a failure prints the statements that changed rather than two cut-off texts.
    expect(actual.split('\n'), `a statement changed: review it, run npm run sql:snapshots and commit ${module}.queries.sql`).toEqual(
      expected!.split('\n'),
    );
  });

  it('has a case for every method of every repository factory and a file per module', async () => {
    const listed = new Map<string, SqlFactory<SqlFixture>>();
    for (const factories of Object.values(REPOSITORY_SQL)) for (const factory of factories) listed.set(`${factory.file} ${factory.name}`, factory);
    const missing: string[] = [];
    const repositoryFiles = fs
      .readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.repository.ts') || file.endsWith('.queries.ts'))
      .map((file) => file.split(path.sep).join('/'));
    expect(repositoryFiles.length).toBeGreaterThan(5);
    for (const file of repositoryFiles) {
      const exports = (await import(path.join(MODULES, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (typeof value !== 'function' || NOT_STATEMENTS[`${file} ${name}`]) continue;
        // A statement file (*.queries.ts) exports its statements as functions; each is a case of its entry.
        const covered = file.endsWith('.queries.ts')
          ? [...listed.values()].some((factory) => factory.file === file && factory.cases[name])
          : listed.has(`${file} ${name}`);
        if (!covered) missing.push(`${file} ${name} (not listed in test/repository-sql-cases.ts)`);
      }
    }
    for (const factory of listed.values()) {
      const methods = Object.keys(factory.make(t.database.db));
      const included = new Set(
        (factory.includes ?? []).flatMap((name) => [...listed.values()].filter((f) => f.name === name).flatMap((f) => Object.keys(f.make(t.database.db)))),
      );
      for (const method of methods) if (!factory.cases[method] && !included.has(method)) missing.push(`${factory.file} ${factory.name}().${method}`);
    }
    for (const module of Object.keys(REPOSITORY_SQL)) if (!fs.existsSync(path.join(MODULES, module, `${module}.queries.sql`))) missing.push(`${module}/${module}.queries.sql`);
    expect(missing).toEqual([]);
  });

  it('fails when one statement changes (the check is real)', async () => {
    const [module, factories] = Object.entries(REPOSITORY_SQL)[0]!;
    const file = path.join(MODULES, module, `${module}.queries.sql`);
    const changed = factories.map((factory, i) =>
      i === 0 ? { ...factory, make: (db: typeof t.database.db) => ({ ...factory.make(db), ...changedFirstMethod(factory, db) }) } : factory,
    );
    const text = await renderModule(module, changed, t.database.db, fixture);
    expect(text).not.toBe(fs.readFileSync(file, 'utf8'));
  });
});

/** The factory's first method replaced by one that sends a different statement. */
function changedFirstMethod(factory: SqlFactory<SqlFixture>, db: TestApp['database']['db']) {
  const [first] = Object.keys(factory.cases);
  return { [first!]: () => db.execute(sql`select 'a changed statement'`) };
}
