import type { HistoryEntry } from '@ops/contract/common/audit';
import { humaniseCode, humaniseField } from '../../shared/humanise';
import type { FieldSpec } from './components/RecordFormDialog';

/** Audit bookkeeping the History tab leaves out. */
const BOOKKEEPING = new Set(['updated_at', 'updated_by', 'created_at', 'created_by']);

function show(value: unknown, enumField: boolean): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return enumField && typeof value === 'string' ? humaniseCode(value) : String(value);
}

/**
 * An audit entry's changes as the record's form shows them: the form's field labels ("Relation
 * status") and its choices' labels ("Inactive → Active"), not the stored names and codes.
 */
export function historyChanges(entry: Pick<HistoryEntry, 'action' | 'changes'>, specs: FieldSpec[]): { field: string; label: string; text: string }[] {
  const byName = new Map(specs.flatMap((spec) => ('name' in spec ? [[spec.name, spec] as const] : [])));
  return Object.entries(entry.changes)
    .filter(([field]) => !BOOKKEEPING.has(field))
    .map(([field, [before, after]]) => {
      const spec = byName.get(field);
      const enumField = spec?.kind === 'enum';
      const text =
        entry.action === 'create' ? show(after, enumField) : entry.action === 'delete' ? show(before, enumField) : `${show(before, enumField)} → ${show(after, enumField)}`;
      return { field, label: spec?.label ?? humaniseField(field), text };
    });
}
