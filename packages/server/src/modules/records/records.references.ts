import type { Snapshot } from '../../platform/audit';
import { snapshotOf } from '../../platform/audit';
import { type FieldErrors, invalidPk, ValidationError } from '../../platform/errors';
import type { RecordsRepository } from './records.repository';
import type { AnyRow, EntityKey } from './records.tables';
import { camel, ENTITIES, fieldOf, referenceScope, type Actor, type CreateWrite, type UpdateWrite } from './records.entities';
import { RECORDS_ERRORS } from './records.errors';


/** "3 clients and 2 cost centres refer to it" */
export function describeReferences(references: { one: string; many: string; count: number }[]): string {
  const parts = references.map((r) => `${r.count} ${r.count === 1 ? r.one : r.many}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  const total = references.reduce((sum, r) => sum + r.count, 0);
  return `${list} ${total === 1 ? 'refers' : 'refer'} to it`;
}

/** A stored reference or date as the rules between fields compare it (null or absent otherwise). */
const storedText = (value: unknown): string | null | undefined => (typeof value === 'string' ? value : value === null ? null : undefined);

/** The referenced records exist (and are visible to the actor), and the rules between fields hold; 400 naming the field otherwise. */
export async function checkReferences(
  write: CreateWrite | UpdateWrite,
  actor: Actor,
  repo: RecordsRepository,
  currentId?: string,
  current?: AnyRow,
) {
  const { entity, input } = write;
  const config = ENTITIES[entity];
  const errors: FieldErrors = {};
  for (const [field, target] of Object.entries(config.refs)) {
    const value = fieldOf(input, field);
    if (typeof value !== 'string') continue;
    // Keeping the stored reference is allowed even when it points outside the actor's scope (it is
    // shown to them withheld, id only): a form sends it back unchanged.
    if (current && current[`${camel(field)}Id`] === value) continue;
    if (!(await repo.exists(target, value, referenceScope(target, actor)))) errors[field] = [invalidPk(value)];
  }
  const relation = write.entity === 'contactRelation' || write.entity === 'costCentreRelation' ? write : undefined;
  if (relation?.input.role && config.relationKind) {
    const missing = await repo.missingRoles(config.relationKind, relation.input.role);
    if (missing.length) errors.role = missing.map(invalidPk);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  // Rules between fields, read with the stored values for fields a PATCH leaves out.
  if (write.entity === 'client' || write.entity === 'costCentre') {
    const fields = write.input;
    if ('sub_industry' in fields || 'industry' in fields) {
      const sub = 'sub_industry' in fields ? fields.sub_industry : storedText(current?.subIndustryId);
      const industry = 'industry' in fields ? fields.industry : storedText(current?.industryId);
      if (sub && (!industry || !(await repo.subIndustryBelongsTo(sub, industry)))) {
        throw RECORDS_ERRORS.onField('sub_industry', 'SUB_INDUSTRY_OF_OTHER_INDUSTRY');
      }
    }
  }
  if (write.entity === 'client' && currentId) {
    for (const field of ['parent', 'master_record'] as const) {
      const value = write.input[field];
      if (typeof value !== 'string') continue;
      if (value === currentId) throw RECORDS_ERRORS.onField(field, 'CLIENT_REFERS_TO_ITSELF');
      if (field === 'parent' && (await repo.isClientAncestorOrSelf(currentId, value))) {
        throw RECORDS_ERRORS.onField('parent', 'PARENT_CHAIN_LOOPS');
      }
    }
  }
  if (write.entity === 'contactPerson' && currentId && write.input.reports_to === currentId) {
    throw RECORDS_ERRORS.onField('reports_to', 'REPORTS_TO_SELF');
  }
  if (relation) {
    const fields = relation.input;
    const start = 'start_date' in fields ? fields.start_date : storedText(current?.startDate);
    const end = 'end_date' in fields ? fields.end_date : storedText(current?.endDate);
    if (start && end && end < start) throw RECORDS_ERRORS.onField('end_date', 'END_BEFORE_START');
  }
}

export async function snapshot(entity: EntityKey, row: AnyRow, repo: RecordsRepository): Promise<Snapshot> {
  const config = ENTITIES[entity];
  if (!config.relationKind) return snapshotOf(row);
  const roles = (await repo.relationRoles(config.relationKind, [row.id])).get(row.id) ?? [];
  return snapshotOf(row, { role: roles.map((r) => r.id).sort() });
}
