import type { HistoryEntry } from '@ops/contract/common/audit';
import { humaniseCode, humaniseField } from '../../shared/humanise';
import type { FieldSpec } from './components/RecordFormDialog';

/** Audit bookkeeping the History tab leaves out. */
const BOOKKEEPING = new Set(['updated_at', 'updated_by', 'created_at', 'created_by']);

/** A related record whose name the server withheld (outside the user's allocation) or no longer has (deleted). */
export const UNNAMED_RECORD = 'Record not available';

function show(value: unknown, enumField: boolean, name?: string | null): string {
  if (value === null || value === undefined || value === '') return '—';
  // A relation's value is an id: the server names the record (null: withheld or gone), never the raw id.
  if (name !== undefined) return name ?? UNNAMED_RECORD;
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return enumField && typeof value === 'string' ? humaniseCode(value) : String(value);
}

/**
 * An audit entry's changes as the record's form shows them: the form's field labels ("Relation
 * status"), its choices' labels ("Inactive → Active") and the related records' names the history
 * answers ("Client A → Client B"), not the stored names, codes and ids.
 */
export function historyChanges(
  entry: Pick<HistoryEntry, 'action' | 'changes'> & Partial<Pick<HistoryEntry, 'names'>>,
  specs: FieldSpec[],
): { field: string; label: string; text: string }[] {
  const byName = new Map(specs.flatMap((spec) => ('name' in spec ? [[spec.name, spec] as const] : [])));
  return Object.entries(entry.changes)
    .filter(([field]) => !BOOKKEEPING.has(field))
    .map(([field, [before, after]]) => {
      const spec = byName.get(field);
      const enumField = spec?.kind === 'enum';
      const names = entry.names && Object.hasOwn(entry.names, field) ? entry.names[field] : undefined;
      const old = show(before, enumField, names?.[0]);
      const next = show(after, enumField, names?.[1]);
      const text = entry.action === 'create' ? next : entry.action === 'delete' ? old : `${old} → ${next}`;
      return { field, label: spec?.label ?? humaniseField(field), text };
    });
}
