import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { itemFields } from '../../../../scripts/list-fields';
import { defineColumns } from './list-columns';
import { DEFAULT_PAGE_SIZE, EMPTY_VIEW, historyModeOf, listQueryOf, moveField, orderedFields, urlViewOf, viewAtUrl, viewFromSetting, withUrlView } from './list-state';

describe('list view state', () => {
  it('reads a saved page setting defensively', () => {
    expect(viewFromSetting({ filters: [], sorting: ['name', 3], renaming: { name: 'Client', x: 1 }, density: 'huge', page_size: 7 })).toEqual({
      ...EMPTY_VIEW,
      sorting: ['name'],
      renaming: { name: 'Client' },
    });
    expect(viewFromSetting(null, 'compact').density).toBe('compact');
  });

  it('round-trips the shareable part through the URL and keeps other parameters', () => {
    const view = { ...EMPTY_VIEW, filters: { name__icontains: 'acme' }, sorting: ['-name'], search: 'north', page_size: 50 };
    const params = withUrlView(new URLSearchParams('view=list&page=9'), view, 3);
    expect(params.get('view')).toBe('list');
    expect(urlViewOf(params)).toEqual({ filters: { name__icontains: 'acme' }, sorting: ['-name'], search: 'north', page_size: 50, page: 3 });
    expect(withUrlView(new URLSearchParams(), EMPTY_VIEW, 1).toString()).toBe('');
  });

  it('ignores a link whose filters are not JSON', () => {
    expect(urlViewOf(new URLSearchParams('filters=%7Bbroken'))).toEqual({});
  });

  it('asks the list engine for the page of the view', () => {
    expect(listQueryOf({ ...EMPTY_VIEW, filters: { code: 'A' }, sorting: ['name'], search: '  x ', page_size: 50 }, 3)).toEqual({
      limit: '50',
      offset: '100',
      filters: '{"code":"A"}',
      ordering: 'name',
      search: 'x',
    });
  });

  it('orders columns by the saved order, new columns last', () => {
    expect(orderedFields(['a', 'b', 'c', 'd'], ['c', 'gone', 'a', 'c'])).toEqual(['c', 'a', 'b', 'd']);
    expect(moveField(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveField(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('columns from the contract schema', () => {
  const schema = z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(['ACTIVE', 'INACTIVE']),
    staff: z.number().int().nullable(),
    legal_entity: z.object({ id: z.string(), name: z.string(), abbr: z.string().nullable() }),
    role: z.array(z.object({ id: z.string(), role: z.string() })),
    created_at: z.string(),
  });
  type Row = z.infer<typeof schema>;
  const row: Row = { id: '1', name: 'Acme', status: 'INACTIVE', staff: 1200, legal_entity: { id: 'l', name: 'Saltbush Pty', abbr: 'SB' }, role: [{ id: 'r', role: 'Chef' }, { id: 's', role: 'Cook' }], created_at: '2024-01-01T00:00:00Z' };

  it('derives kinds, labels, cell text and export paths', () => {
    const columns = defineColumns<Row>(itemFields(schema), ['name', 'status', 'staff', { field: 'legal_entity', hidden: true }, 'role', 'created_at']);
    expect(columns.map((c) => [c.field, c.headerName, c.kind, c.exportPath, c.defaultVisible])).toEqual([
      ['name', 'Name', 'text', 'name', true],
      ['status', 'Status', 'enum', 'status', true],
      ['staff', 'Staff', 'number', 'staff', true],
      ['legal_entity', 'Legal entity', undefined, 'legal_entity.name', false],
      ['role', 'Role', undefined, 'role.role', true],
      ['created_at', 'Created at', 'datetime', 'created_at', true],
    ]);
    expect(columns.map((c) => c.value(row))).toEqual(['Acme', 'Inactive', (1200).toLocaleString(), 'Saltbush Pty', 'Chef, Cook', '2024-01-01T00:00:00Z']);
    expect(columns[1]!.enumValues).toEqual(['ACTIVE', 'INACTIVE']);
    expect(columns[0]!.link).toBe(true);
  });

  it('makes an object field a relation filter when the page names a source', () => {
    const [column] = defineColumns<Row>(itemFields(schema), [{ field: 'legal_entity', relation: { endpoint: {} as never, label: () => '' }, sortable: true, headerName: 'Entity' }]);
    // The API does not order by a nested object, so the column does not sort whatever the spec says.
    expect(column).toMatchObject({ kind: 'relation', sortable: false, headerName: 'Entity' });
  });
});

describe('back and forward', () => {
  it('reads the filters, sorting, search, page size and page of a URL, and clears what it lacks, keeping the columns', () => {
    const current = { ...EMPTY_VIEW, filters: { name__icontains: 'x' }, sorting: ['-name'], search: 'old', column_order: ['code', 'name'], density: 'compact' as const };
    const params = new URLSearchParams({ filters: JSON.stringify({ account_type__in: ['SITE'] }), page: '3', view: 'list' });
    expect(viewAtUrl(params, current)).toEqual({
      view: { ...current, filters: { account_type__in: ['SITE'] }, sorting: [], search: '', page_size: DEFAULT_PAGE_SIZE },
      page: 3,
    });
  });

  it('gives filters, sorting and paging their own history entries but not typing a search', () => {
    const at = (query: string) => new URLSearchParams(query);
    expect(historyModeOf(at(''), at('ordering=-name'))).toBe('push');
    expect(historyModeOf(at('ordering=-name'), at('ordering=-name&page=2'))).toBe('push');
    expect(historyModeOf(at('filters=%7B%7D'), at(''))).toBe('push');
    expect(historyModeOf(at('search=ac'), at('search=acm'))).toBe('replace');
    expect(historyModeOf(at('search=ac&page=2'), at('search=acm'))).toBe('replace');
    expect(historyModeOf(at('view=list'), at('view=list'))).toBe('replace');
  });
});
