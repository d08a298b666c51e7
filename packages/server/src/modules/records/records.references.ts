import type { Snapshot } from '../../platform/audit';
import { snapshotOf } from '../../platform/audit';
import { type FieldErrors, invalidPk, ValidationError } from '../../platform/errors';
import type { RecordsRepository } from './records.repository';
import type { AnyRow, EntityKey } from './records.tables';
import { camel, ENTITIES, referenceScope, type Actor, type RecordInput } from './records.entities';
import { RECORDS_ERRORS } from './records.errors';


/** "3 clients and 2 cost centres refer to it" */
export function describeReferences(references: { one: string; many: string; count: number }[]): string {
  const parts = references.map((r) => `${r.count} ${r.count === 1 ? r.one : r.many}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  const total = references.reduce((sum, r) => sum + r.count, 0);
  return `${list} ${total === 1 ? 'refers' : 'refer'} to it`;
}

/** The referenced records exist (and are visible to the actor), and the rules between fields hold; 400 naming the field otherwise. */
export async function checkReferences(
  entity: EntityKey,
  input: RecordInput,
  actor: Actor,
  repo: RecordsRepository,
  currentId?: string,
  current?: AnyRow,
) {
  const config = ENTITIES[entity];
  const errors: FieldErrors = {};
  for (const [field, target] of Object.entries(config.refs)) {
    const value = input[field];
    if (typeof value !== 'string') continue;
    // Keeping the stored reference is allowed even when it points outside the actor's scope (it is
    // shown to them withheld, id only): a form sends it back unchanged.
    if (current && current[`${camel(field)}Id`] === value) continue;
    if (!(await repo.exists(target, value, referenceScope(target, actor)))) errors[field] = [invalidPk(value)];
  }
  if (config.relationKind && Array.isArray(input.role)) {
    const missing = await repo.missingRoles(config.relationKind, input.role as string[]);
    if (missing.length) errors.role = missing.map(invalidPk);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  // Rules between fields, read with the stored values for fields a PATCH leaves out.
  const valueOf = (field: string) =>
    (field in input ? input[field] : current?.[`${camel(field)}Id`]) as string | null | undefined;
  if ('sub_industry' in config.refs && ('sub_industry' in input || 'industry' in input)) {
    const sub = valueOf('sub_industry');
    const industry = valueOf('industry');
    if (sub && (!industry || !(await repo.subIndustryBelongsTo(sub, industry)))) {
      throw RECORDS_ERRORS.onField('sub_industry', 'SUB_INDUSTRY_OF_OTHER_INDUSTRY');
    }
  }
  if (entity === 'client' && currentId) {
    for (const field of ['parent', 'master_record'] as const) {
      const value = input[field];
      if (typeof value !== 'string') continue;
      if (value === currentId) throw RECORDS_ERRORS.onField(field, 'CLIENT_REFERS_TO_ITSELF');
      if (field === 'parent' && (await repo.isClientAncestorOrSelf(currentId, value))) {
        throw RECORDS_ERRORS.onField('parent', 'PARENT_CHAIN_LOOPS');
      }
    }
  }
  if (entity === 'contactPerson' && currentId && input.reports_to === currentId) {
    throw RECORDS_ERRORS.onField('reports_to', 'REPORTS_TO_SELF');
  }
  if (config.relationKind) {
    const start = ('start_date' in input ? input.start_date : current?.startDate) as string | null | undefined;
    const end = ('end_date' in input ? input.end_date : current?.endDate) as string | null | undefined;
    if (start && end && end < start) throw RECORDS_ERRORS.onField('end_date', 'END_BEFORE_START');
  }
}

export async function snapshot(entity: EntityKey, row: AnyRow, repo: RecordsRepository): Promise<Snapshot> {
  const config = ENTITIES[entity];
  if (!config.relationKind) return snapshotOf(row);
  const roles = (await repo.relationRoles(config.relationKind, [row.id])).get(row.id) ?? [];
  return snapshotOf(row, { role: roles.map((r) => r.id).sort() });
}
