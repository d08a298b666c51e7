import { and, desc, eq, getTableColumns, inArray, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Provider } from '@ops/contract/integrations/sync-runs.schemas';
import { employees, positionTitles } from '../../db/schema/adp';
import {
  buylinkCostCentres,
  consoleLogs,
  invoiceHeaders,
  supplierCostCentreAllocations,
  suppliers,
} from '../../db/schema/buylink';
import {
  financialDimensionValues,
  vendInvoiceJours,
  vendorsV3,
  vendSettlements,
  vendSpends,
  vendTransactions,
} from '../../db/schema/dynamics';
import { directoryGroups, directoryUsers, groupMembers } from '../../db/schema/google-sync';
import { syncRuns } from '../../db/schema/integrations';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';

/**
 * Every table a connector writes, with its natural key (the conflict target
 * of the upsert and the identity used to find rows a full sync no longer
 * sees) and the columns an update must leave alone (our generated ids, our
 * own flags).
 */
const TARGETS = {
  directoryGroup: { table: directoryGroups, key: [directoryGroups.id], keep: [] },
  directoryUser: { table: directoryUsers, key: [directoryUsers.id], keep: [] },
  groupMember: { table: groupMembers, key: [groupMembers.group, groupMembers.id], keep: [groupMembers.uid] },
  positionTitle: { table: positionTitles, key: [positionTitles.title], keep: [positionTitles.id, positionTitles.site_contact] },
  employee: { table: employees, key: [employees.EmpCode], keep: [employees.id] },
  vendor: { table: vendorsV3, key: [vendorsV3.id], keep: [] },
  financialDimensionValue: {
    table: financialDimensionValues,
    key: [
      financialDimensionValues.FinancialDimension,
      financialDimensionValues.DimensionValue,
      financialDimensionValues.LegalEntityId,
    ],
    keep: [financialDimensionValues.id],
  },
  vendInvoiceJour: { table: vendInvoiceJours, key: [vendInvoiceJours.id], keep: [] },
  vendSpend: { table: vendSpends, key: [vendSpends.id], keep: [] },
  vendSettlement: { table: vendSettlements, key: [vendSettlements.id], keep: [] },
  vendTransaction: { table: vendTransactions, key: [vendTransactions.RecordId], keep: [] },
  buylinkCostCentre: { table: buylinkCostCentres, key: [buylinkCostCentres.id], keep: [] },
  supplier: { table: suppliers, key: [suppliers.id], keep: [] },
  supplierCostCentreAllocation: { table: supplierCostCentreAllocations, key: [supplierCostCentreAllocations.id], keep: [] },
  consoleLog: { table: consoleLogs, key: [consoleLogs.id], keep: [] },
  invoiceHeader: { table: invoiceHeaders, key: [invoiceHeaders.id], keep: [] },
} satisfies Record<string, { table: PgTable; key: PgColumn[]; keep: PgColumn[] }>;

export type SyncTarget = keyof typeof TARGETS;
/** A mapped row ready for the upsert: every column of the target table, keyed by property name. */
export type SyncRow<T extends SyncTarget> = InferSelectModel<(typeof TARGETS)[T]['table']>;
export type AnySyncRow = SyncRow<SyncTarget>;

export const BATCH_SIZE = 1000;

interface TargetMeta {
  table: PgTable;
  /** property name -> database column name */
  columns: [string, string][];
  keyProps: string[];
  keyColumns: string[];
  updateColumns: string[];
}

const metaCache = new Map<SyncTarget, TargetMeta>();
function meta(target: SyncTarget): TargetMeta {
  let found = metaCache.get(target);
  if (found) return found;
  const spec = TARGETS[target] as { table: PgTable; key: PgColumn[]; keep: PgColumn[] };
  const entries = Object.entries(getTableColumns(spec.table)) as [string, PgColumn][];
  const columns = entries.map(([prop, column]) => [prop, column.name] as [string, string]);
  const keyColumns = spec.key.map((c) => c.name);
  const keep = new Set([...keyColumns, ...spec.keep.map((c) => c.name)]);
  found = {
    table: spec.table,
    columns,
    keyProps: keyColumns.map((name) => entries.find(([, c]) => c.name === name)![0]),
    keyColumns,
    updateColumns: columns.map(([, name]) => name).filter((name) => !keep.has(name)),
  };
  metaCache.set(target, found);
  return found;
}

/** The natural key of a mapped row, for de-duplicating a snapshot before it is written. */
export function rowKey(target: SyncTarget, row: Record<string, unknown>): string {
  return meta(target)
    .keyProps.map((prop) => String(row[prop] ?? ''))
    .join('\u0001');
}

const ident = (name: string) => sql.identifier(name);
const list = (names: string[], prefix?: string) =>
  sql.join(
    names.map((n) => (prefix ? sql`${sql.raw(prefix)}.${ident(n)}` : ident(n))),
    sql`, `,
  );

function toColumnJson(m: TargetMeta, rows: Record<string, unknown>[], props = m.columns): string {
  return JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [prop, column] of props) out[column] = row[prop] ?? null;
      return out;
    }),
  );
}

export interface ApplyCounts {
  inserted: number;
  updated: number;
  deleted: number;
}

export function createSyncRepository(db: DbOrTx) {
  return {
    /**
     * Inserts new rows and updates changed ones, one statement per batch
     * (rows travel as one JSON parameter, so the batch size is not bounded by
     * the 65,535 bind parameters). Unchanged rows are not rewritten.
     */
    async upsert(target: SyncTarget, rows: Record<string, unknown>[]): Promise<{ inserted: number; updated: number }> {
      if (!rows.length) return { inserted: 0, updated: 0 };
      const m = meta(target);
      const all = m.columns.map(([, name]) => name);
      const set = m.updateColumns.length
        ? sql`do update set ${sql.join(
            m.updateColumns.map((c) => sql`${ident(c)} = excluded.${ident(c)}`),
            sql`, `,
          )}
              where (${list(m.updateColumns, 'cur')}) is distinct from (${list(m.updateColumns, 'excluded')})`
        : sql`do nothing`;
      const statement = sql`with incoming as (select * from jsonb_populate_recordset(null::${m.table}, ${toColumnJson(m, rows)}::jsonb)),
        written as (
          insert into ${m.table} as cur (${list(all)}) select ${list(all)} from incoming
          on conflict (${list(m.keyColumns)}) ${set}
          returning (xmax = 0) as inserted
        )
        select (count(*) filter (where inserted))::int as inserted, (count(*) filter (where not inserted))::int as updated from written`;
      const [result] = rowsOf<{ inserted: number; updated: number }>(await db.execute(statement));
      return { inserted: Number(result?.inserted ?? 0), updated: Number(result?.updated ?? 0) };
    },

    /** Deletes the rows whose natural key is not among `keep` (the keys a full sync saw). */
    async deleteUnseen(target: SyncTarget, keep: Record<string, unknown>[]): Promise<number> {
      const m = meta(target);
      const keyPairs = m.keyProps.map((prop, i) => [prop, m.keyColumns[i]!] as [string, string]);
      const matches = sql.join(
        m.keyColumns.map((c) => sql`seen.${ident(c)} = cur.${ident(c)}`),
        sql` and `,
      );
      const statement = sql`with removed as (
          delete from ${m.table} as cur where not exists (
            select 1 from jsonb_populate_recordset(null::${m.table}, ${toColumnJson(m, keep, keyPairs)}::jsonb) seen where ${matches}
          ) returning 1
        ) select count(*)::int as n from removed`;
      const [result] = rowsOf<{ n: number }>(await db.execute(statement));
      return Number(result?.n ?? 0);
    },

    /** Existing generated ids by natural key, so a re-sync keeps a row's id (tables whose id is ours, not the source's). */
    async existingIds(
      target: 'groupMember' | 'employee' | 'financialDimensionValue' | 'positionTitle',
    ): Promise<Map<string, string>> {
      const m = meta(target);
      const idColumn = target === 'groupMember' ? 'uid' : 'id';
      const rows = rowsOf<Record<string, string>>(
        await db.execute(sql`select ${ident(idColumn)} as id, ${list(m.keyColumns)} from ${m.table}`),
      );
      return new Map(rows.map((row) => [m.keyColumns.map((c) => String(row[c] ?? '')).join('\u0001'), String(row.id)]));
    },

    async startRun(connector: Provider, trigger: 'cli' | 'schedule'): Promise<string> {
      const [row] = await db
        .insert(syncRuns)
        .values({ connector, trigger, status: 'running', startedAt: new Date() })
        .returning({ id: syncRuns.id });
      return row!.id;
    },

    async finishRun(
      id: string,
      values: { status: 'succeeded' | 'failed'; rowsRead: number; counts: ApplyCounts; error?: string },
    ): Promise<void> {
      await db
        .update(syncRuns)
        .set({
          status: values.status,
          finishedAt: new Date(),
          rowsRead: values.rowsRead,
          rowsInserted: values.counts.inserted,
          rowsUpdated: values.counts.updated,
          rowsDeleted: values.counts.deleted,
          error: values.error?.slice(0, 4000) ?? null,
        })
        .where(eq(syncRuns.id, id));
    },

    async latestRuns(connector: Provider, limit = 5) {
      return db.select().from(syncRuns).where(eq(syncRuns.connector, connector)).orderBy(desc(syncRuns.startedAt)).limit(limit);
    },

    /** Runs left 'running' by a process that died: marked failed so the log does not lie. */
    async failAbandonedRuns(connector: Provider): Promise<void> {
      await db
        .update(syncRuns)
        .set({ status: 'failed', finishedAt: new Date(), error: 'The process running this sync stopped before it finished.' })
        .where(and(eq(syncRuns.connector, connector), inArray(syncRuns.status, ['running'])));
    },
  };
}
export type SyncRepository = ReturnType<typeof createSyncRepository>;
export type { SQL };
