import type { z } from 'zod';
import type { SQL } from 'drizzle-orm';
import { invoiceHeaderSchema } from '@ops/contract/integrations/buylink.schemas';
import { employeeSchema } from '@ops/contract/integrations/adp.schemas';
import { syncRunSchema } from '@ops/contract/integrations/sync-runs.schemas';
import { vendInvoiceJourSchema } from '@ops/contract/integrations/dynamics.schemas';
import { directoryGroupSchema } from '@ops/contract/integrations/google-sync.schemas';
import { listPage } from '../../list-query/list-endpoint';
import type { ListRequest } from '../../list-query/list-request';
import { notFound } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db';
import type { IntegrationsRepository } from './integrations.repository';
import type { SyncedResource } from './synced-resource';
import { employeesAtCostCentre, employeesResource, employeesVisibleTo } from './adp.resource';
import { employeeListRows } from './adp.list-rows';
import { syncedListRows } from './synced.list-rows';
import {
  allocationsResource,
  buylinkCostCentresResource,
  consoleLogsResource,
  invoiceHeadersResource,
  suppliersResource,
} from './buylink.resource';
import {
  financialDimensionValuesResource,
  invoiceJournalsResource,
  journalLink,
  vendorsResource,
  vendSettlementsResource,
  vendSpendsResource,
  vendTransactionsResource,
} from './dynamics.resource';
import {
  directoryGroupsResource,
  directoryUsersResource,
  groupMembersResource,
  membersOfGroup,
  usersOfKind,
} from './google-sync.resource';
import { syncRunsResource } from './sync-runs.resource';

/** The synced lists answered from their table alone, without a parent record. */
const SYNCED_LISTS = {
  consoleLogs: consoleLogsResource,
  buylinkCostCentres: buylinkCostCentresResource,
  invoices: invoiceHeadersResource,
  suppliers: suppliersResource,
  supplierAllocations: allocationsResource,
  invoiceJournals: invoiceJournalsResource,
  financialDimensionValues: financialDimensionValuesResource,
  vendors: vendorsResource,
  groups: directoryGroupsResource,
};
export type SyncedListName = keyof typeof SYNCED_LISTS;

/** Keeps exactly the contract's fields, as JSON-ready values (dates as ISO-8601 text). */
export function toItem<T extends z.ZodObject>(schema: T, row: Record<string, unknown>): z.infer<T> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = row[key];
    out[key] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out as z.infer<T>;
}

export function createIntegrationsService(deps: { db: DbOrTx; repository: IntegrationsRepository }) {
  const { db, repository } = deps;

  /**
   * A synced table's list: page first (ids by filter, order, limit), then the page's rows in one
   * named statement, written as JSON straight from its rows (synced.list-rows.ts); `format=csv` exports it.
   */
  function syncedList<S extends z.ZodObject>(resource: SyncedResource<S>, list: ListRequest, where?: SQL) {
    const hydrate = async (ids: string[]) =>
      new Map(
        (await repository.rowsByIds(resource.table, resource.id, ids)).map((row) => [
          String(row[resource.key]),
          toItem(resource.itemSchema, row),
        ]),
      );
    return listPage(db, list, { resource, where, hydrate, rows: syncedListRows(resource) });
  }

  async function employeesOf(ids: string[]) {
    const rows = await repository.employeesByIds(ids);
    return new Map(
      rows.map(({ employee, title, manager }) => [
        employee.id,
        toItem(employeeSchema, {
          ...employee,
          USERFIELDM1: title?.id ? title : null,
          reporting_manager: manager?.EmpCode ? manager : null,
        }),
      ]),
    );
  }

  async function runsOf(ids: string[]) {
    return (await repository.runsByIds(ids)).map((run) =>
      toItem(syncRunSchema, {
        id: run.id,
        connector: run.connector,
        trigger: run.trigger,
        status: run.status,
        started: run.startedAt.toISOString(),
        finished: run.finishedAt?.toISOString() ?? null,
        rows_read: run.rowsRead,
        rows_inserted: run.rowsInserted,
        rows_updated: run.rowsUpdated,
        rows_deleted: run.rowsDeleted,
        error: run.error,
      }),
    );
  }

  async function requireGroup(id: string) {
    const group = await repository.group(id);
    if (!group) throw notFound();
    return group;
  }

  async function requireJournal(id: string) {
    if (!repository.fitsInt64(id)) throw notFound();
    const journal = await repository.journal(id);
    if (!journal) throw notFound();
    return journal;
  }

  async function requireInvoice(id: string) {
    if (!repository.fitsInt64(id)) throw notFound();
    const invoice = await repository.invoice(id);
    if (!invoice) throw notFound();
    return invoice;
  }

  return {
    /** The lists whose rows need no more than their table (SYNCED_LISTS). */
    list<N extends SyncedListName>(name: N, list: ListRequest) {
      const resource: SyncedResource<(typeof SYNCED_LISTS)[N]['itemSchema']> = SYNCED_LISTS[name];
      return syncedList(resource, list);
    },

    async invoiceSettlements(invoiceId: string, list: ListRequest) {
      return syncedList(vendSettlementsResource, list, journalLink.settlements(await requireJournal(invoiceId)));
    },

    async invoiceSpends(invoiceId: string, list: ListRequest) {
      return syncedList(vendSpendsResource, list, journalLink.spends(await requireJournal(invoiceId)));
    },

    async invoiceTransactions(invoiceId: string, list: ListRequest) {
      return syncedList(vendTransactionsResource, list, journalLink.transactions(await requireJournal(invoiceId)));
    },

    async groupMembers(groupId: string, list: ListRequest) {
      await requireGroup(groupId);
      return syncedList(groupMembersResource, list, membersOfGroup(groupId));
    },

    directoryUsers: (kind: 'office' | 'site', list: ListRequest) => syncedList(directoryUsersResource, list, usersOfKind(kind)),

    /**
     * Payroll employees: those of the cost centres the viewer's allocation reaches (all for an
     * unscoped viewer), or those of one of our cost centres (matched on its code; the caller checked
     * that cost centre's read access).
     */
    employees(list: ListRequest, costCentreCode?: string) {
      const where = costCentreCode === undefined ? employeesVisibleTo(list.viewer) : employeesAtCostCentre(costCentreCode);
      return listPage(db, list, { resource: employeesResource, where, hydrate: employeesOf, rows: employeeListRows });
    },

    runs: (list: ListRequest) => listPage(db, list, { resource: syncRunsResource, hydrate: runsOf }),

    invoice: async (id: string) => toItem(invoiceHeaderSchema, await requireInvoice(id)),
    invoiceJournal: async (id: string) => toItem(vendInvoiceJourSchema, await requireJournal(id)),
    group: async (id: string) => toItem(directoryGroupSchema, await requireGroup(id)),
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
