import type { BulkResource } from '@ops/contract/jobs/jobs.schemas';
import type { FieldSpec } from './components/RecordFormDialog';
import { toApiValues } from './components/record-fields';

export type InputFieldSpec = Exclude<FieldSpec, { section: string }>;

/**
 * The fields a bulk change offers per resource, in menu order: the ones that
 * make sense to set on many records at once (owner, status, industry...),
 * never identifiers (name, account number, code) that must stay unique.
 * Every name is a field of the resource's PATCH schema.
 */
export const BULK_FIELDS: Record<BulkResource, readonly string[]> = {
  clients: ['owner', 'industry', 'legal_entity', 'relation_status', 'account_type', 'account_source', 'parent'],
  'contact-persons': [
    'company',
    'contact_person_type',
    'communication_preference',
    'department',
    'position',
    'is_still_with_company',
    'is_email_opt_out',
    'do_not_call',
  ],
  'cost-centres': ['operation_status', 'brand', 'industry', 'legal_entity', 'client', 'franchisor'],
  brands: ['description', 'legal_entity'],
  tickets: ['ticket_status', 'priority', 'assignee', 'ticket_type'],
};

const isInput = (spec: FieldSpec): spec is InputFieldSpec => 'name' in spec;

/** The form fields of a resource a bulk change may set, in the order of `BULK_FIELDS`. */
export function bulkFieldsOf(resource: BulkResource, specs: FieldSpec[]): InputFieldSpec[] {
  const byName = new Map(specs.filter(isInput).map((spec) => [spec.name, spec]));
  return BULK_FIELDS[resource].flatMap((name) => {
    const spec = byName.get(name);
    // A field whose choices depend on another one of the same record (a sub-industry) cannot be set alone.
    if (!spec || (spec.kind === 'relation' && typeof spec.source === 'function')) return [];
    return [spec];
  });
}

/** What a bulk change works on: the rows ticked, or everything the list matches. */
export type BulkSelection = { kind: 'ids'; ids: readonly string[] } | { kind: 'matching' };

export interface BulkBody {
  ids?: string[];
  filters?: string;
  search?: string;
  changes: Record<string, unknown>;
}

/**
 * The body of `POST bulk/{resource}/`: the ids ticked, or the filters and
 * search exactly as the list query sends them (so the change matches what the
 * list shows). An unfiltered list sends empty filters: everything matches.
 */
export function bulkBody(
  selection: BulkSelection,
  listQuery: Record<string, string>,
  changes: Record<string, unknown>,
): BulkBody {
  if (selection.kind === 'ids') return { ids: [...new Set(selection.ids)], changes };
  const body: BulkBody = { filters: listQuery.filters ?? '{}', changes };
  if (listQuery.search) body.search = listQuery.search;
  return body;
}

/** The value a field's input holds, as the API takes it (blank optional references become null). */
export function bulkChangesOf(spec: InputFieldSpec, value: unknown): Record<string, unknown> {
  const converted = toApiValues([spec], { [spec.name]: value === undefined ? blankOf(spec) : value });
  return { [spec.name]: converted[spec.name] };
}

/** What a field's input starts with. */
export function blankOf(spec: InputFieldSpec): unknown {
  if (spec.kind === 'boolean') return false;
  if (spec.kind === 'relation') return spec.multiple ? [] : null;
  return '';
}

/** Why the value cannot be sent, or null: required fields and choices need a value. */
export function bulkValueError(spec: InputFieldSpec, value: unknown): string | null {
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty && (spec.required || spec.kind === 'enum')) return `Choose the new ${spec.label.toLowerCase()}.`;
  return null;
}

export interface BulkNouns {
  noun: string;
  plural: string;
}

/** What a resource's records are called in messages. */
export const BULK_NOUNS: Record<BulkResource, BulkNouns> = {
  clients: { noun: 'client', plural: 'clients' },
  'contact-persons': { noun: 'contact person', plural: 'contact persons' },
  'cost-centres': { noun: 'cost centre', plural: 'cost centres' },
  brands: { noun: 'brand', plural: 'brands' },
  tickets: { noun: 'ticket', plural: 'tickets' },
};

export const countOf = (count: number, { noun, plural }: BulkNouns) =>
  `${count.toLocaleString('en-AU')} ${count === 1 ? noun : plural}`;

/** The confirmation: "Change industry on 42 clients?". */
export const bulkConfirmText = (label: string, count: number, nouns: BulkNouns) =>
  `Change ${label.toLowerCase()} on ${countOf(count, nouns)}?`;

/** The toast when the job is done: "Changed 42 clients". */
export const bulkDoneText = (changed: number, nouns: BulkNouns) => `Changed ${countOf(changed, nouns)}`;

/** Whether a job still runs (keep polling). */
export const jobRunning = (status: string | undefined) => status === 'QUEUED' || status === 'RUNNING';
