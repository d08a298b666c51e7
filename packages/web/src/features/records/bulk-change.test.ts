import { describe, expect, it } from 'vitest';
import {
  brandPatchSchema,
  clientPatchSchema,
  contactPersonPatchSchema,
  costCentrePatchSchema,
} from '@ops/contract/records/records.schemas';
import { BULK_RESOURCES } from '@ops/contract/jobs/jobs.schemas';
import { ticketPatchSchema } from '@ops/contract/helpdesk/helpdesk.schemas';
import { listQueryOf, type ListViewState } from '../../shared/ui/list-page/list-state';
import { selectedIdsOf } from '../../shared/ui/list-page/SelectionBar';
import type { RelationSource } from '../../shared/ui/list-page/list-columns';
import type { FieldSpec } from './components/RecordFormDialog';
import {
  BULK_FIELDS,
  BULK_NOUNS,
  blankOf,
  bulkBody,
  bulkChangesOf,
  bulkConfirmText,
  bulkDoneText,
  bulkFieldsOf,
  bulkValueError,
  jobRunning,
} from './bulk-change';

const source = { endpoint: { path: '/api/x/' }, label: () => '' } as unknown as RelationSource;
const clientForm: FieldSpec[] = [
  { section: 'Account' },
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'account_number', label: 'Account number', kind: 'text', required: true },
  { name: 'owner', label: 'Owner', kind: 'relation', source, required: true },
  { name: 'relation_status', label: 'Relation status', kind: 'enum', values: ['ACTIVE', 'INACTIVE'] },
  { name: 'industry', label: 'Industry', kind: 'relation', source },
  { name: 'sub_industry', label: 'Sub-industry', kind: 'relation', source: () => null },
  { name: 'number_of_employees', label: 'Number of employees', kind: 'number' },
];

describe('bulk change field choices', () => {
  it('offers the whitelisted fields of the form, in the whitelist order, never identifiers or dependent pickers', () => {
    const names = bulkFieldsOf('clients', clientForm).map((f) => f.name);
    expect(names).toEqual(['owner', 'industry', 'relation_status']);
    expect(names).not.toContain('name');
    expect(names).not.toContain('account_number');
  });

  it('names only fields the PATCH schema of each record resource takes', () => {
    const patch = {
      clients: clientPatchSchema,
      'contact-persons': contactPersonPatchSchema,
      'cost-centres': costCentrePatchSchema,
      brands: brandPatchSchema,
      tickets: ticketPatchSchema,
    };
    for (const [resource, schema] of Object.entries(patch)) {
      const known = Object.keys(schema.shape);
      for (const field of BULK_FIELDS[resource as keyof typeof patch]) expect(known, `${resource}.${field}`).toContain(field);
    }
    for (const resource of BULK_RESOURCES) expect(BULK_FIELDS[resource].length).toBeGreaterThan(0);
  });

  it('needs a value for required fields and choices; an optional reference may be cleared', () => {
    const [owner, industry, status] = bulkFieldsOf('clients', clientForm);
    expect(bulkValueError(owner!, null)).toBe('Choose the new owner.');
    expect(bulkValueError(status!, '')).toBe('Choose the new relation status.');
    expect(bulkValueError(status!, 'INACTIVE')).toBeNull();
    expect(bulkValueError(industry!, null)).toBeNull();
    expect(bulkChangesOf(industry!, null)).toEqual({ industry: null });
    expect(bulkChangesOf(industry!, '')).toEqual({ industry: null });
    expect(bulkChangesOf(status!, 'INACTIVE')).toEqual({ relation_status: 'INACTIVE' });
    expect(blankOf(owner!)).toBeNull();
    expect(blankOf({ name: 'do_not_call', label: 'Do not call', kind: 'boolean' })).toBe(false);
    expect(bulkChangesOf({ name: 'number_of_employees', label: 'N', kind: 'number' }, '12')).toEqual({ number_of_employees: 12 });
  });
});

describe('bulk change request body', () => {
  const view: ListViewState = {
    filters: { name__startswith: 'Acme', relation_status: 'ACTIVE' },
    sorting: ['-name'],
    search: '  north ',
    renaming: {},
    visible_fields: [],
    column_order: [],
    column_widths: {},
    density: 'standard',
    page_size: 25,
  };

  it('sends the ticked ids (once each) and no filters', () => {
    expect(bulkBody({ kind: 'ids', ids: ['a', 'b', 'a'] }, listQueryOf(view, 3), { industry: 'x' })).toEqual({
      ids: ['a', 'b'],
      changes: { industry: 'x' },
    });
  });

  it('sends exactly the filters and search the list query sends for "all matching", without paging or ordering', () => {
    const query = listQueryOf(view, 3);
    const body = bulkBody({ kind: 'matching' }, query, { relation_status: 'INACTIVE' });
    expect(body).toEqual({ filters: query.filters, search: 'north', changes: { relation_status: 'INACTIVE' } });
    expect(JSON.parse(body.filters!)).toEqual(view.filters);
    expect(body).not.toHaveProperty('ids');
    expect(body).not.toHaveProperty('ordering');
  });

  it('sends empty filters for an unfiltered list (everything matches)', () => {
    const body = bulkBody({ kind: 'matching' }, listQueryOf({ ...view, filters: {}, search: '' }, 1), { description: '' });
    expect(body).toEqual({ filters: '{}', changes: { description: '' } });
  });

  it('reads ticked ids from include and exclude selection models', () => {
    expect(selectedIdsOf({ type: 'include', ids: new Set(['a', 'c']) }, ['a', 'b', 'c'])).toEqual(['a', 'c']);
    expect(selectedIdsOf({ type: 'exclude', ids: new Set(['b']) }, ['a', 'b', 'c'])).toEqual(['a', 'c']);
  });
});

describe('bulk change messages', () => {
  it('names the field and the count', () => {
    expect(bulkConfirmText('Industry', 42, BULK_NOUNS.clients)).toBe('Change industry on 42 clients?');
    expect(bulkConfirmText('Relation status', 1, BULK_NOUNS.clients)).toBe('Change relation status on 1 client?');
    expect(bulkConfirmText('Operation status', 1200, BULK_NOUNS['cost-centres'])).toBe(
      'Change operation status on 1,200 cost centres?',
    );
    expect(bulkDoneText(3, BULK_NOUNS.brands)).toBe('Changed 3 brands');
  });

  it('keeps polling while the job is queued or running', () => {
    expect(jobRunning('QUEUED')).toBe(true);
    expect(jobRunning('RUNNING')).toBe(true);
    for (const status of ['SUCCEEDED', 'FAILED', 'UNDONE']) expect(jobRunning(status)).toBe(false);
  });
});

describe('ticket bulk fields', () => {
  it('offers status, priority, assignee and type; the assignee only to users who may look people up', async () => {
    const { ticketBulkFields } = await import('../tickets/ticket-bulk-fields');
    expect(ticketBulkFields(true).map((f) => f.name)).toEqual(['ticket_status', 'priority', 'assignee', 'ticket_type']);
    expect(ticketBulkFields(false).map((f) => f.name)).toEqual(['ticket_status', 'priority', 'ticket_type']);
    const status = ticketBulkFields(false)[0]!;
    expect(bulkValueError(status, '')).toBe('Choose the new status.');
    expect(bulkChangesOf(status, 'CLOSED')).toEqual({ ticket_status: 'CLOSED' });
  });
});
