import type { z } from 'zod';
import { employeeSchema } from '@ops/contract/integrations/adp.schemas';
import type { ListQuery } from '@ops/contract/common/list-query';
import type { Paginated } from '@ops/contract/common/pagination';
import type { FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { ListResource } from '../../list-query/list-resource';
import { compileListQuery } from '../../list-query/compile-list-query';
import { listViewer } from '../../list-query/list-viewer';
import { buildPage, fetchPageIds } from '../../list-query/list-page';
import { csvExport, wantsCsv } from '../../list-query/csv-export';
import { notFound } from '../../platform/errors';
import type { DbOrTx } from '../../platform/db';
import type { IntegrationsRepository } from './integrations.repository';

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

  /** Page first (ids by filter, order, limit), then the page's rows in one statement; `format=csv` exports the whole list. */
  async function list(
    request: FastifyRequest,
    resource: ListResource,
    query: ListQuery,
    hydrate: (ids: string[]) => Promise<Map<string, unknown>>,
    baseWhere?: SQL,
  ): Promise<Paginated<unknown>> {
    const plan = compileListQuery(resource, query, baseWhere, await listViewer(request));
    const inOrder = async (ids: string[]) => {
      const byId = ids.length ? await hydrate(ids) : new Map<string, unknown>();
      return ids.map((id) => byId.get(id)).filter((item) => item !== undefined);
    };
    // `format=csv` streams the whole filtered list through the shared export (see list-query/csv-export.ts).
    if (wantsCsv(request)) return csvExport(db, resource, plan, inOrder) as never;
    const page = await fetchPageIds(db, resource, plan);
    return buildPage(request, plan, page, await inOrder(page.ids));
  }

  function tableHydrator<T extends z.ZodObject>(resource: ListResource, schema: T, keyProp: string) {
    return async (ids: string[]) =>
      new Map(
        (await repository.rowsByIds(resource.table, resource.id, ids)).map((row) => [String(row[keyProp]), toItem(schema, row)]),
      );
  }

  return {
    list,
    tableHydrator,

    async employeesHydrator(ids: string[]) {
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
    },

    async requireGroup(id: string) {
      const group = await repository.group(id);
      if (!group) throw notFound();
      return group;
    },

    async requireJournal(id: string) {
      if (!repository.fitsInt64(id)) throw notFound();
      const journal = await repository.journal(id);
      if (!journal) throw notFound();
      return journal;
    },

    async requireInvoice(id: string) {
      if (!repository.fitsInt64(id)) throw notFound();
      const invoice = await repository.invoice(id);
      if (!invoice) throw notFound();
      return invoice;
    },

    async runsHydrator(ids: string[]) {
      return new Map(
        (await repository.runsByIds(ids)).map((run) => [
          run.id,
          {
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
          },
        ]),
      );
    },
  };
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
