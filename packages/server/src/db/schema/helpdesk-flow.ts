import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';
import { costCentres, industries, legalEntities } from './records';

/** Help desk teams; `rr_counter` is the round-robin cursor, advanced atomically by one UPDATE per assignment. */
export const helpdeskTeams = pgTable(
  'helpdesk_team',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    assignment: varchar('assignment', { length: 12 }).notNull().default('MANUAL'),
    rrCounter: bigint('rr_counter', { mode: 'number' }).notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('helpdesk_team_assignment_ck', sql`${t.assignment} in ('MANUAL', 'ROUND_ROBIN', 'LEAST_OPEN')`),
    check('helpdesk_team_name_ck', sql`length(btrim(${t.name})) > 0`),
    uniqueIndex('helpdesk_team_name_uq').using('btree', sql`lower(${t.name})`),
    index('helpdesk_team_created_idx').on(t.createdAt, t.id),
  ],
);

export const helpdeskTeamMembers = pgTable(
  'helpdesk_team_member',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => helpdeskTeams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('helpdesk_team_member_user_idx').on(t.userId)],
);

const TYPE_LIST = sql.raw(`'ISSUE', 'SERVICE_REQUEST', 'FEEDBACK', 'INCIDENT', 'PROBLEM', 'ALERTS'`);
const PRIORITY_LIST = sql.raw(`'LOW', 'MEDIUM', 'HIGH', 'URGENT'`);

/** Routing rules, tried in `position` order; a null condition matches any ticket. */
export const routingRules = pgTable(
  'helpdesk_routing_rule',
  {
    id: idColumn(),
    position: integer('position').notNull(),
    ticketType: varchar('ticket_type', { length: 20 }),
    priority: varchar('priority', { length: 10 }),
    industryId: uuid('industry_id').references(() => industries.id, { onDelete: 'cascade' }),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'cascade' }),
    costCentreId: uuid('cost_centre_id').references(() => costCentres.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id')
      .notNull()
      .references(() => helpdeskTeams.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('helpdesk_routing_rule_type_ck', sql`${t.ticketType} is null or ${t.ticketType} in (${TYPE_LIST})`),
    check('helpdesk_routing_rule_priority_ck', sql`${t.priority} is null or ${t.priority} in (${PRIORITY_LIST})`),
    index('helpdesk_routing_rule_position_idx').on(t.position, t.id),
    index('helpdesk_routing_rule_team_idx').on(t.teamId),
  ],
);

/** SLA policies, tried in `position` order; targets count business minutes of `business_hours`. */
export const slaPolicies = pgTable(
  'helpdesk_sla_policy',
  {
    id: idColumn(),
    name: varchar('name', { length: 100 }).notNull(),
    position: integer('position').notNull(),
    ticketType: varchar('ticket_type', { length: 20 }),
    priority: varchar('priority', { length: 10 }),
    industryId: uuid('industry_id').references(() => industries.id, { onDelete: 'cascade' }),
    firstResponseMinutes: integer('first_response_minutes').notNull(),
    resolutionMinutes: integer('resolution_minutes').notNull(),
    businessHours: jsonb('business_hours').notNull(),
    holidays: jsonb('holidays').notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('helpdesk_sla_policy_type_ck', sql`${t.ticketType} is null or ${t.ticketType} in (${TYPE_LIST})`),
    check('helpdesk_sla_policy_priority_ck', sql`${t.priority} is null or ${t.priority} in (${PRIORITY_LIST})`),
    check('helpdesk_sla_policy_minutes_ck', sql`${t.firstResponseMinutes} > 0 and ${t.resolutionMinutes} > 0`),
    index('helpdesk_sla_policy_position_idx').on(t.position, t.id),
  ],
);
