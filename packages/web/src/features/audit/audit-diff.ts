/**
 * An audit entry's `changes` read as lines (docs/spec platform 14.6): create, update and delete
 * record `field -> [old value, new value]`; other actions record what happened as plain values.
 */
export interface DiffLine {
  field: string;
  /** Absent for an action that records what happened rather than a change. */
  before?: string;
  after: string;
}

export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function diffLines(changes: Record<string, unknown> | null | undefined): DiffLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, value]) =>
    Array.isArray(value) && value.length === 2
      ? { field, before: valueText(value[0]), after: valueText(value[1]) }
      : { field, after: valueText(value) },
  );
}

/** One line per field for a grid cell and its tooltip: `name: Old → New`. */
export function diffSummary(changes: Record<string, unknown> | null | undefined): string {
  return diffLines(changes)
    .map((line) => (line.before === undefined ? `${line.field}: ${line.after}` : `${line.field}: ${line.before} → ${line.after}`))
    .join('; ');
}
