import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ImportResource, JobError, MatchKey } from '@ops/contract/jobs/jobs.schemas';
import {
  brandInputSchema,
  brandPatchSchema,
  clientInputSchema,
  clientPatchSchema,
  contactPersonInputSchema,
  contactPersonPatchSchema,
  costCentreInputSchema,
  costCentrePatchSchema,
} from '@ops/contract/records/records.schemas';
import { users } from '../identity/index';
import { brands, clients, contactPersons, costCentres, industries, legalEntities, subIndustries } from '../records/index';
import type { EntityKey, ReferenceTarget } from '../records/index';

/** What the import of each resource writes, checks and matches on. */
export interface ImportTarget {
  entity: EntityKey;
  model: string;
  create: z.ZodObject;
  patch: z.ZodObject;
  table: PgTable;
  id: PgColumn;
  match: Partial<Record<MatchKey, PgColumn>>;
}

export const TARGETS: Record<ImportResource, ImportTarget> = {
  clients: {
    entity: 'client',
    model: 'client',
    create: clientInputSchema,
    patch: clientPatchSchema,
    table: clients,
    id: clients.id,
    match: { account_number: clients.accountNumber, abn: clients.abn },
  },
  'contact-persons': {
    entity: 'contactPerson',
    model: 'contactperson',
    create: contactPersonInputSchema,
    patch: contactPersonPatchSchema,
    table: contactPersons,
    id: contactPersons.id,
    match: {},
  },
  'cost-centres': {
    entity: 'costCentre',
    model: 'costcentre',
    create: costCentreInputSchema,
    patch: costCentrePatchSchema,
    table: costCentres,
    id: costCentres.id,
    match: { code: costCentres.code },
  },
  brands: {
    entity: 'brand',
    model: 'brand',
    create: brandInputSchema,
    patch: brandPatchSchema,
    table: brands,
    id: brands.id,
    match: {},
  },
};

/** How a reference column of a file names its record when it is not a UUID: by these natural keys (case-insensitive). */
export const REFERENCE_KEYS: Partial<Record<ReferenceTarget, { table: PgTable; id: PgColumn; keys: PgColumn[] }>> = {
  user: { table: users, id: users.id, keys: [users.email] },
  client: { table: clients, id: clients.id, keys: [clients.accountNumber, clients.name] },
  legalEntity: { table: legalEntities, id: legalEntities.id, keys: [legalEntities.name, legalEntities.abbr] },
  industry: { table: industries, id: industries.id, keys: [industries.name] },
  subIndustry: { table: subIndustries, id: subIndustries.id, keys: [subIndustries.name] },
  brand: { table: brands, id: brands.id, keys: [brands.name] },
};

export interface PreparedRow {
  row: number;
  kind: 'create' | 'update' | 'skip' | 'invalid';
  input: Record<string, unknown>;
  recordId?: string;
  errors: JobError[];
}
