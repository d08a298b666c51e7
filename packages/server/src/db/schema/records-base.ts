import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { auditColumns, blankText } from './records-columns';

/** Base data of the records (spec api-contract §3): legal entities, industries and their sub-industries. */
export const legalEntities = pgTable(
  'base_legal_entity',
  {
    id: idColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    abn: blankText('abn', 11),
    acn: blankText('acn', 11),
    searchName: blankText('search_name', 255),
    abbr: varchar('abbr', { length: 11 }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('base_legal_entity_abbr_uq').on(t.abbr).where(sql`${t.abbr} is not null`),
    index('base_legal_entity_name_idx').on(t.name, t.id),
    index('base_legal_entity_created_idx').on(t.createdAt, t.id),
    index('base_legal_entity_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    check('base_legal_entity_name_ck', sql`btrim(${t.name}) <> ''`),
  ],
);

export const industries = pgTable(
  'base_industry',
  {
    id: idColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    description: blankText('description'),
    legalEntityId: uuid('legal_entity_id').references(() => legalEntities.id, { onDelete: 'set null' }),
    ...auditColumns(),
  },
  (t) => [
    index('base_industry_name_idx').on(t.name, t.id),
    index('base_industry_created_idx').on(t.createdAt, t.id),
    index('base_industry_legal_entity_idx').on(t.legalEntityId),
    index('base_industry_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    check('base_industry_name_ck', sql`btrim(${t.name}) <> ''`),
  ],
);

export const subIndustries = pgTable(
  'base_sub_industry',
  {
    id: idColumn(),
    name: varchar('name', { length: 255 }).notNull(),
    description: blankText('description'),
    industryId: uuid('industry_id').notNull().references(() => industries.id, { onDelete: 'restrict' }),
    ...auditColumns(),
  },
  (t) => [
    index('base_sub_industry_industry_idx').on(t.industryId, t.name, t.id),
    index('base_sub_industry_name_idx').on(t.name, t.id),
    index('base_sub_industry_created_idx').on(t.createdAt, t.id),
    index('base_sub_industry_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
    check('base_sub_industry_name_ck', sql`btrim(${t.name}) <> ''`),
  ],
);
