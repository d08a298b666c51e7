import type { UncheckedFields } from './job-targets';
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
import type { CreateWrite, EntityKey, ReferenceTarget, UpdateWrite } from '../records/index';

/** What the import of each resource writes, checks and matches on. */
export interface ImportTarget {
  entity: EntityKey;
  model: string;
  create: z.ZodObject;
  patch: z.ZodObject;
  table: PgTable;
  id: PgColumn;
  match: Partial<Record<MatchKey, PgColumn>>;
  /** A file row's fields parsed by the create schema (a new record) or the patch schema (a matched one), as the entity's write. */
  parse(fields: object, matched: boolean): { create: CreateWrite } | { update: UpdateWrite } | { error: z.ZodError };
}

/** The parse of an import target: each schema's output becomes that entity's write through `as`. */
function parser<Create, Patch>(
  create: z.ZodType<Create>,
  patch: z.ZodType<Patch>,
  as: { create: (input: Create) => CreateWrite; update: (input: Patch) => UpdateWrite },
): ImportTarget['parse'] {
  return (fields, matched) => {
    if (matched) {
      const parsed = patch.safeParse(fields, { reportInput: true });
      return parsed.success ? { update: as.update(parsed.data) } : { error: parsed.error };
    }
    const parsed = create.safeParse(fields, { reportInput: true });
    return parsed.success ? { create: as.create(parsed.data) } : { error: parsed.error };
  };
}

export const TARGETS: Record<ImportResource, ImportTarget> = {
  clients: {
    entity: 'client',
    model: 'client',
    create: clientInputSchema,
    patch: clientPatchSchema,
    parse: parser(clientInputSchema, clientPatchSchema, {
      create: (input) => ({ entity: 'client', input }),
      update: (input) => ({ entity: 'client', input }),
    }),
    table: clients,
    id: clients.id,
    match: { account_number: clients.accountNumber, abn: clients.abn },
  },
  'contact-persons': {
    entity: 'contactPerson',
    model: 'contactperson',
    create: contactPersonInputSchema,
    patch: contactPersonPatchSchema,
    parse: parser(contactPersonInputSchema, contactPersonPatchSchema, {
      create: (input) => ({ entity: 'contactPerson', input }),
      update: (input) => ({ entity: 'contactPerson', input }),
    }),
    table: contactPersons,
    id: contactPersons.id,
    match: {},
  },
  'cost-centres': {
    entity: 'costCentre',
    model: 'costcentre',
    create: costCentreInputSchema,
    patch: costCentrePatchSchema,
    parse: parser(costCentreInputSchema, costCentrePatchSchema, {
      create: (input) => ({ entity: 'costCentre', input }),
      update: (input) => ({ entity: 'costCentre', input }),
    }),
    table: costCentres,
    id: costCentres.id,
    match: { code: costCentres.code },
  },
  brands: {
    entity: 'brand',
    model: 'brand',
    create: brandInputSchema,
    patch: brandPatchSchema,
    parse: parser(brandInputSchema, brandPatchSchema, {
      create: (input) => ({ entity: 'brand', input }),
      update: (input) => ({ entity: 'brand', input }),
    }),
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
  /** The file row's fields as read (cells coerced, references resolved), before the schema checked them. */
  input: UncheckedFields;
  /** The validated write of a create row (no matched record) or of an update row (`recordId`). */
  create?: CreateWrite;
  update?: UpdateWrite;
  recordId?: string;
  errors: JobError[];
}
