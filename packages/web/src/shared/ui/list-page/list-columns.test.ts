import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { itemFields } from '../../../../scripts/list-fields';
import { defineColumns, exportSelection } from './list-columns';

const schema = z.object({
  id: z.string(),
  name: z.string(),
  abn: z.string(),
  legal_entity: z.object({ id: z.string(), name: z.string() }),
  primary_address: z.object({ locality: z.string(), state: z.string() }).nullable(),
});
type Row = z.infer<typeof schema>;

const columns = defineColumns<Row>(itemFields(schema), [
  'name',
  'abn',
  'legal_entity',
  { field: 'primary_address', headerName: 'Location', value: () => '', exportPath: 'primary_address.locality,primary_address.state' },
]);

describe('CSV export selection', () => {
  it('selects the shown columns in the order shown, labelled as the user sees them', () => {
    const [name, abn, entity, location] = columns;
    const renamed = (column: (typeof columns)[number]) => (column.field === 'name' ? 'Client' : column.headerName);
    expect(exportSelection([entity!, name!, location!, abn!], renamed)).toEqual({
      select: 'id,legal_entity.name,name,primary_address.locality,primary_address.state,abn',
      labels: { id: 'ID', 'legal_entity.name': 'Legal entity', name: 'Client', 'primary_address.locality': 'Location (locality)', 'primary_address.state': 'Location (state)', abn: 'ABN' },
    });
  });
});

describe('sortable columns', () => {
  it('are exactly the scalar fields the API orders by, whatever the page spec says', () => {
    const schema = z.object({ id: z.uuid(), name: z.string(), employees: z.number().nullable(), status: z.enum(['A', 'B']), owner: z.object({ id: z.uuid(), name: z.string() }), tags: z.array(z.string()) });
    const columns = defineColumns(itemFields(schema), ['name', 'employees', 'status', { field: 'owner', sortable: true }, 'tags']);
    expect(Object.fromEntries(columns.map((c) => [c.field, c.sortable]))).toEqual({ name: true, employees: true, status: true, owner: false, tags: false });
  });
});

describe('related records outside the allocation', () => {
  it('show as "Outside your allocation" (the API withholds their name), named ones by name', () => {
    const schema = z.object({ id: z.uuid(), client: z.object({ id: z.uuid(), name: z.string().nullable(), account_number: z.string().nullable() }) });
    const [client] = defineColumns(itemFields(schema), ['client']);
    const id = '01a21480-27de-77ac-a72f-d9081e4a6e12';
    expect(client!.value({ id, client: { id, name: null, account_number: null } })).toBe('Outside your allocation');
    expect(client!.value({ id, client: { id, name: 'Acme', account_number: 'A-1' } })).toBe('Acme');
  });
});
