import { copyFile, mkdir, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { Option } from 'commander';
import { IMPORT_RESOURCES, MATCH_KEYS, type ImportResource, type MatchKey } from '@ops/contract/jobs/jobs.schemas';
import { uuidv7 } from '../db/ids';
import { users } from '../db/schema/identity';
import { jobs } from '../db/schema/jobs';
import type { AuthUser } from '../platform/auth';
import { detectFileType } from '../platform/file-types';
import { createProgress } from '../platform/progress';
import { compileListQuery } from '../list-query/compile-list-query';
import { csvLines, exportColumns, exportHeader, exportValues } from '../list-query/csv-export';
import { rowsOf } from '../list-query/list-page';
import { SYSTEM_VIEWER } from '../list-query/list-resource';
import { writeXlsxFile } from '../list-query/xlsx-export';
import { createIdentityRepository } from '../modules/identity/identity.repository';
import { createJobRunner } from '../modules/jobs/job-runner';
import { createImportsService } from '../modules/jobs/imports.service';
import { createJobsService } from '../modules/jobs/jobs.service';
import { createRecordsRepository } from '../modules/records/records.repository';
import type { EntityKey } from '../modules/records/records.tables';
import { ENTITIES } from '../modules/records/records.entities';
import { hydrateRecords } from '../modules/records/records.hydration';
import { CommandError, defineCommand, type CommandContext } from './command';

const ENTITY_OF: Record<ImportResource, EntityKey> = {
  clients: 'client',
  'contact-persons': 'contactPerson',
  'cost-centres': 'costCentre',
  brands: 'brand',
};

/** The user a CLI import acts as: --user, else ADMIN_EMAIL, else the first active superuser. */
async function actingUser(ctx: CommandContext, email: string | undefined): Promise<AuthUser> {
  const repository = createIdentityRepository(ctx.database.db);
  const wanted = email ?? process.env.ADMIN_EMAIL;
  if (wanted) {
    const user = await repository.findUserByEmail(wanted);
    if (!user || !user.isActive) throw new CommandError(`no active user ${wanted}`);
    return user;
  }
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(sql`${users.isSuperuser} and ${users.isActive}`)
    .orderBy(users.dateJoined)
    .limit(1);
  if (!row) throw new CommandError('no active superuser: pass --user EMAIL');
  return (await repository.findUserByEmail(row.email))!;
}

function services(ctx: CommandContext) {
  const db = ctx.database.db;
  const jobsService = createJobsService({ db, targets: {}, afterCommit: () => {}, wake: () => {} });
  const imports = createImportsService({
    db,
    jobs: jobsService,
    importsDir: path.join(ctx.config.dataDir, 'imports'),
    maxRows: ctx.config.importMaxRows,
    hasPermission: async (user, model, action) => {
      if (user.isSuperuser) return true;
      const keys = await createIdentityRepository(db).permissionKeys(user.id);
      return keys.includes('*') || keys.includes(`${model}.${action}`);
    },
  });
  return { jobsService, imports };
}

/** `import --resource R --file F [--match-on K] [--dry-run]`: the web app's import, columns mapped by their headers. */
export const importCommand = defineCommand<{
  resource: ImportResource;
  file: string;
  matchOn?: MatchKey;
  onMatch: 'update' | 'skip';
  dryRun?: boolean;
  user?: string;
}>({
  name: 'import',
  summary: 'Import clients, contact persons, cost centres or brands from a CSV or XLSX file (columns mapped by header)',
  define: (command) =>
    command
      .addOption(new Option('--resource <resource>', 'what the rows are').choices(IMPORT_RESOURCES).makeOptionMandatory())
      .requiredOption('--file <file>', 'a CSV (UTF-8) or XLSX file')
      .addOption(new Option('--match-on <key>', 'update (or skip) records with the same key').choices(MATCH_KEYS))
      .addOption(new Option('--on-match <action>', 'what a matching row does').choices(['update', 'skip']).default('update'))
      .option('--dry-run', 'show what would happen; write nothing')
      .option('--user <email>', 'the user the import acts as (permissions and allocation apply)'),
  async run(ctx, values) {
    const user = await actingUser(ctx, values.user);
    const source = path.resolve(values.file);
    const type = await detectFileType(source).catch(() => null);
    if (type !== 'txt' && type !== 'xlsx') throw new CommandError(`${values.file}: not a CSV (UTF-8 text) or XLSX file`);
    await mkdir(ctx.config.tempDir, { recursive: true });
    const tempPath = path.join(ctx.config.tempDir, `${uuidv7()}.upload`);
    await copyFile(source, tempPath);
    const { jobsService, imports } = services(ctx);
    let uploaded;
    try {
      uploaded = await imports.upload(user, values.resource, {
        field: 'file',
        filename: path.basename(source),
        tempPath,
        size: 0,
        type,
      });
    } finally {
      await rm(tempPath, { force: true });
    }
    const mapping = uploaded.suggested_mapping;
    const unmapped = uploaded.columns.filter((column) => !(column in mapping));
    ctx.print(
      `${uploaded.rows.toLocaleString('en')} rows; columns mapped: ${
        Object.entries(mapping)
          .map(([c, f]) => `${c} -> ${f}`)
          .join(', ') || 'none'
      }`,
    );
    if (unmapped.length) ctx.print(`ignored columns: ${unmapped.join(', ')}`);
    const options = { mapping, match_on: values.matchOn ?? null, on_match: values.onMatch };
    if (values.dryRun) {
      const dry = await imports.dryRun(user, uploaded.id, options);
      ctx.print(`dry run: ${dry.create} to create, ${dry.update} to update, ${dry.skip} to skip, ${dry.invalid_count} invalid`);
      for (const problem of dry.invalid.slice(0, 50)) ctx.print(`row ${problem.row}: ${problem.field ?? ''} ${problem.message}`);
      return;
    }
    const { job } = await imports.run(user, uploaded.id, options);
    const runner = createJobRunner({
      db: ctx.database.db,
      handlers: { import: async (context) => imports.runJob(context, await jobsService.actorOf(context.job)) },
      pollMs: 200,
    });
    const progress = createProgress('import', uploaded.rows, ctx.print);
    runner.start();
    let reported = 0;
    try {
      for (;;) {
        const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, job));
        if (!row) throw new CommandError('the job disappeared');
        if (row.done > reported) {
          progress.tick(row.done - reported);
          reported = row.done;
        }
        if (row.status !== 'QUEUED' && row.status !== 'RUNNING') {
          progress.done(
            `import ${row.status.toLowerCase()}: ${row.done} rows, ${row.errorCount} with errors (job ${job}; undo it in the web app or with POST /api/jobs/${job}/undo/)`,
          );
          for (const error of (row.errors as { row?: number; field: string | null; message: string }[]).slice(0, 50))
            ctx.print(`row ${error.row}: ${error.field ?? ''} ${error.message}`);
          if (row.status === 'FAILED') throw new CommandError(row.failure ?? 'the import failed');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      await runner.stop();
    }
  },
});

/** `export --resource R [--filters JSON] [--format csv|xlsx] --out F`: the list's export, unscoped (the CLI is the administrator). */
export const exportCommand = defineCommand<{
  resource: ImportResource;
  filters?: string;
  search?: string;
  ordering?: string;
  select?: string;
  format: 'csv' | 'xlsx';
  out: string;
}>({
  name: 'export',
  summary: 'Export a list (clients, contact persons, cost centres, brands) as CSV or XLSX',
  define: (command) =>
    command
      .addOption(new Option('--resource <resource>', 'the list').choices(IMPORT_RESOURCES).makeOptionMandatory())
      .option('--filters <json>', 'the list filters, as the API takes them ({"name__icontains":"cafe"})')
      .option('--search <words>', 'the list search')
      .option('--ordering <fields>', 'the list ordering (name,-created_at)')
      .option('--select <fields>', 'the columns (name,legal_entity.name)')
      .addOption(new Option('--format <format>', 'file format').choices(['csv', 'xlsx']).default('csv'))
      .requiredOption('--out <file>', 'where to write'),
  async run(ctx, values) {
    const entity = ENTITY_OF[values.resource];
    const resource = ENTITIES[entity].resource;
    const plan = compileListQuery(
      resource,
      { filters: values.filters, search: values.search, ordering: values.ordering, select: values.select },
      undefined,
      SYSTEM_VIEWER,
    );
    const columns = exportColumns(resource.itemSchema, plan.select);
    const header = exportHeader(columns, null);
    const db = ctx.database.db;
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${resource.table} ${plan.where ? sql`where ${plan.where}` : sql``}`),
    );
    const progress = createProgress('export', Number(count?.n ?? 0), ctx.print);
    const repository = createRecordsRepository(db);
    // In the ids' order (the list's order), as the API's export has them.
    const load = async (ids: string[]) => {
      const byId = new Map(
        (await hydrateRecords(repository, entity, ids)).map((item) => [(item as { id: string }).id, item as unknown]),
      );
      return ids.map((id) => byId.get(id)).filter((item) => item !== undefined);
    };
    const out = path.resolve(values.out);
    let rows = 0;
    if (values.format === 'xlsx') {
      await writeXlsxFile(
        out,
        values.resource,
        header,
        (async function* () {
          for await (const cells of exportValues(db, resource, plan, SYSTEM_VIEWER, load, columns)) {
            yield cells;
            rows += cells.length;
            progress.tick(cells.length);
          }
        })(),
      );
    } else {
      const stream = createWriteStream(out);
      const write = async (text: string) => {
        if (!stream.write(text)) await once(stream, 'drain');
      };
      await write(`\ufeff${csvLines([header])}`);
      for await (const values of exportValues(db, resource, plan, SYSTEM_VIEWER, load, columns)) {
        await write(csvLines(values));
        rows += values.length;
        progress.tick(values.length);
      }
      stream.end();
      await once(stream, 'finish');
    }
    progress.done(`export: ${rows.toLocaleString('en')} rows written to ${out}`);
  },
});
