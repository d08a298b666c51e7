import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamptz } from './columns';
import { users } from './identity';
import { clients } from './records-accounts';
import { legalEntities } from './records-base';
import { costCentres } from './records-operations';

/** Users allocated to legal entities, clients and cost centres (spec platform §5): one target per row. */
export const allocations = pgTable(
  'records_allocation',
  {
    id: idColumn(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    costCentreId: uuid('cost_centre_id').references(() => costCentres.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** MANUAL (an administrator), PAYROLL or DIRECTORY (derived by the adp and google-sync syncs). */
    source: varchar('source', { length: 10 }).notNull().default('MANUAL'),
  },
  (t) => [
    check('records_allocation_one_target_ck', sql`num_nonnulls(${t.legalEntityId}, ${t.clientId}, ${t.costCentreId}) = 1`),
    check('records_allocation_source_ck', sql`${t.source} in ('MANUAL', 'PAYROLL', 'DIRECTORY')`),
    uniqueIndex('records_allocation_legal_entity_uq').on(t.userId, t.legalEntityId, t.source).where(sql`${t.legalEntityId} is not null`),
    uniqueIndex('records_allocation_client_uq').on(t.userId, t.clientId, t.source).where(sql`${t.clientId} is not null`),
    uniqueIndex('records_allocation_cost_centre_uq').on(t.userId, t.costCentreId, t.source).where(sql`${t.costCentreId} is not null`),
    index('records_allocation_source_idx').on(t.source, t.userId),
    index('records_allocation_created_idx').on(t.createdAt, t.id),
    index('records_allocation_client_idx').on(t.clientId),
    index('records_allocation_cost_centre_idx').on(t.costCentreId),
    index('records_allocation_legal_entity_idx').on(t.legalEntityId),
  ],
);
