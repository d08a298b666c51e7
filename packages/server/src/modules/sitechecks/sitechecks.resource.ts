import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { siteCheckScheduleSchema, siteCheckRunSchema, siteCheckTemplateSchema, SITE_CHECK_RUN_STATUSES } from '@ops/contract/sitechecks/sitechecks';
import { siteCheckRuns, siteCheckSchedules, siteCheckTemplates } from '../../db/schema/sitechecks';
import { defineListResource, type ListResource, type ListViewer } from '../../list-query/list-resource';
import { allocationScopeOf, costCentresResource } from '../records/index';

/**
 * A condition on `column` (a cost centre id): inside the viewer's allocation, or undefined when
 * nothing bounds the viewer (the cost centres' own scope, records `allocationScopeOf`). The
 * allocated cost centres are resolved first, once (an array subquery: an InitPlan, three index
 * lookups), and the column compared with that array: the planner then estimates a handful of cost
 * centres and reads each one's range of an index on (cost_centre_id, ...), where
 * `in (select ...)` was estimated at thousands of cost centres and joined after scanning the whole
 * day's runs (bench/RESULTS.md, "Site checks at scale").
 */
export function costCentreScope(column: PgColumn, viewer: ListViewer): SQL | undefined {
  const conditions = allocationScopeOf(viewer.user);
  return conditions ? sql`${column} = any(array(${conditions.costCentre.ids}))` : undefined;
}

export const siteCheckTemplatesResource: ListResource = defineListResource({
  name: 'sitecheck-templates',
  table: siteCheckTemplates,
  id: siteCheckTemplates.id,
  model: 'sitechecktemplate',
  fields: {
    id: { kind: 'uuid', column: siteCheckTemplates.id, order: true },
    name: { kind: 'text', column: siteCheckTemplates.name, order: true },
    description: { kind: 'text', column: siteCheckTemplates.description },
    active: { kind: 'boolean', column: siteCheckTemplates.active, order: true },
    version: { kind: 'number', column: siteCheckTemplates.version, order: true },
    created_at: { kind: 'datetime', column: siteCheckTemplates.createdAt, order: true },
    updated_at: { kind: 'datetime', column: siteCheckTemplates.updatedAt, order: true },
  },
  search: ['name'],
  defaultOrdering: ['name'],
  itemSchema: siteCheckTemplateSchema,
});

/** Schedules of the cost centres in the viewer's scope. */
export const siteCheckSchedulesResource: ListResource = defineListResource({
  name: 'sitecheck-schedules',
  table: siteCheckSchedules,
  id: siteCheckSchedules.id,
  model: 'sitecheckschedule',
  rowScope: (viewer) => costCentreScope(siteCheckSchedules.costCentreId, viewer),
  fields: {
    id: { kind: 'uuid', column: siteCheckSchedules.id, order: true },
    template: { kind: 'uuid', column: siteCheckSchedules.templateId, relation: () => siteCheckTemplatesResource },
    cost_centre: { kind: 'uuid', column: siteCheckSchedules.costCentreId, relation: () => costCentresResource },
    rrule: { kind: 'text', column: siteCheckSchedules.rrule },
    timezone: { kind: 'text', column: siteCheckSchedules.timezone, order: true },
    window_minutes: { kind: 'number', column: siteCheckSchedules.windowMinutes, order: true },
    active: { kind: 'boolean', column: siteCheckSchedules.active, order: true },
    created_at: { kind: 'datetime', column: siteCheckSchedules.createdAt, order: true },
    updated_at: { kind: 'datetime', column: siteCheckSchedules.updatedAt, order: true },
  },
  search: ['template__name', 'cost_centre__name'],
  defaultOrdering: ['-created_at'],
  itemSchema: siteCheckScheduleSchema,
});

/** Runs at the cost centres in the viewer's allocation (spec platform §14.1). */
export const siteCheckRunsResource: ListResource = defineListResource({
  name: 'sitecheck-runs',
  table: siteCheckRuns,
  id: siteCheckRuns.id,
  model: 'sitecheckrun',
  rowScope: (viewer) => costCentreScope(siteCheckRuns.costCentreId, viewer),
  fields: {
    id: { kind: 'uuid', column: siteCheckRuns.id, order: true },
    status: { kind: 'enum', column: siteCheckRuns.status, enumValues: SITE_CHECK_RUN_STATUSES, order: true },
    template: { kind: 'uuid', column: siteCheckRuns.templateId, relation: () => siteCheckTemplatesResource },
    schedule: { kind: 'uuid', column: siteCheckRuns.scheduleId },
    cost_centre: { kind: 'uuid', column: siteCheckRuns.costCentreId, relation: () => costCentresResource },
    due_at: { kind: 'datetime', column: siteCheckRuns.dueAt, order: true },
    closes_at: { kind: 'datetime', column: siteCheckRuns.closesAt, order: true },
    completed_at: { kind: 'datetime', column: siteCheckRuns.completedAt, order: true },
    ticket: { kind: 'uuid', column: siteCheckRuns.ticketId },
  },
  search: ['template__name', 'cost_centre__name'],
  defaultOrdering: ['due_at'],
  // Exports: one row per answer, the run's columns repeated (spec platform §14.1).
  exportRowsPer: 'answers',
  itemSchema: siteCheckRunSchema,
});
