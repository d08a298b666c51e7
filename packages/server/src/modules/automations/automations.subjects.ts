import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AutomationEvent } from '@ops/contract/automations/automations.schemas';
import { TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TYPES } from '@ops/contract/helpdesk/helpdesk.schemas';
import type { ListResource } from '../../list-query/list-resource';
import { tickets, ticketsResource } from '../helpdesk/index';
import { brands, brandsResource, clients, clientsResource, contactPersons, contactPersonsResource, costCentres, costCentresResource } from '../records/index';
import { siteCheckRuns, siteCheckRunsResource } from '../sitechecks/index';

/**
 * What a rule can be about (spec platform §14.3): each model with the list resource its conditions
 * are compiled against (the list engine's own filters, one compiler), the columns a dry run looks at,
 * the text a sample shows, and the fields `set_fields` may write (through the owning module).
 */
export interface Subject {
  model: string;
  resource: ListResource;
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  title: PgColumn | SQL;
  /** Fields `set_fields` may write, each with the values it takes (undefined: any text). */
  settable: Record<string, readonly string[] | undefined>;
}


export const SUBJECTS: Record<string, Subject> = {
  ticket: {
    model: 'ticket',
    resource: ticketsResource,
    table: tickets,
    id: tickets.id,
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
    title: tickets.title,
    settable: { priority: TICKET_PRIORITIES, ticket_status: TICKET_STATUSES, ticket_type: TICKET_TYPES, title: undefined },
  },
  client: { model: 'client', resource: clientsResource, table: clients, id: clients.id, createdAt: clients.createdAt, updatedAt: clients.updatedAt, title: clients.name, settable: {} },
  cost_centre: {
    model: 'cost_centre',
    resource: costCentresResource,
    table: costCentres,
    id: costCentres.id,
    createdAt: costCentres.createdAt,
    updatedAt: costCentres.updatedAt,
    title: costCentres.name,
    settable: {},
  },
  contact_person: {
    model: 'contact_person',
    resource: contactPersonsResource,
    table: contactPersons,
    id: contactPersons.id,
    createdAt: contactPersons.createdAt,
    updatedAt: contactPersons.updatedAt,
    title: contactPersons.fullName,
    settable: {},
  },
  brand: { model: 'brand', resource: brandsResource, table: brands, id: brands.id, createdAt: brands.createdAt, updatedAt: brands.updatedAt, title: brands.name, settable: {} },
  sitecheck_run: {
    model: 'sitecheck_run',
    resource: siteCheckRunsResource,
    table: siteCheckRuns,
    id: siteCheckRuns.id,
    createdAt: siteCheckRuns.createdAt,
    updatedAt: siteCheckRuns.dueAt,
    title: siteCheckRuns.id,
    settable: {},
  },
};

/** The model an event's subject is: named by the rule for record events and schedules, fixed otherwise. */
export function subjectModelOf(event: AutomationEvent, model: string | null): string | null {
  if (event.startsWith('ticket.')) return 'ticket';
  if (event.startsWith('sitecheck.')) return 'sitecheck_run';
  return model;
}

/** The audit log's model names of the records whose events rules hear. */
export const AUDIT_MODELS: Record<string, string> = { client: 'client', costcentre: 'cost_centre', contactperson: 'contact_person', brand: 'brand' };
