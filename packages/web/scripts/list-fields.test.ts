import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractListFields, itemFields, LIST_FIELDS_FILE, listFieldsName, renderListFieldsModule } from './list-fields';
import * as generated from '../src/api/list-fields';

describe('list fields (src/api/list-fields.ts)', () => {
  it('is what the generator writes from the contract today (run `npx tsx packages/web/scripts/list-fields.ts`)', async () => {
    expect(fs.readFileSync(LIST_FIELDS_FILE, 'utf8')).toBe(await renderListFieldsModule(await contractListFields()));
  });

  it("has the item schema of every list page's endpoint, each field as the schema says", async () => {
    const { clientSchema } = await import('@ops/contract/records/records.schemas');
    const { ticketListItemSchema } = await import('@ops/contract/helpdesk/helpdesk.schemas');
    const exported = generated as unknown as Record<string, unknown>;
    for (const schema of [
      'clientSchema',
      'costCentreSchema',
      'contactPersonSchema',
      'brandSchema',
      'legalEntitySchema',
      'industrySchema',
      'roleSchema',
      'teamSchema',
      'routingRuleSchema',
      'ticketListItemSchema',
      'employeeSchema',
      'directoryUserSchema',
      'directoryGroupSchema',
      'groupMemberSchema',
    ])
      expect(exported[listFieldsName(schema)], schema).toBeDefined();
    expect(generated.clientListFields).toEqual(itemFields(clientSchema));
    expect(Object.keys(generated.ticketListItemListFields)).toEqual(Object.keys(ticketListItemSchema.shape));
    // Spot checks: a choice with its values, ordering as the list engine allows it, a related record's name key.
    expect(generated.clientListFields.relation_status).toEqual({ type: 'enum', values: ['ACTIVE', 'INACTIVE'], orderable: true });
    expect(generated.clientListFields.owner).toEqual({ type: 'record', displayKey: 'full_name' });
    expect(generated.clientListFields.number_of_employees).toEqual({ type: 'number', orderable: true });
  });

  it('reads each kind of field under its wrappers, orders only scalars, and names records by their first name-like key', () => {
    const fields = itemFields(
      z.object({
        name: z.string(),
        staff: z.number().int().nullable(),
        active: z.boolean().optional(),
        status: z.enum(['A', 'B']).default('A'),
        owner: z.object({ id: z.uuid(), full_name: z.string(), email: z.string() }),
        tags: z.array(z.object({ id: z.uuid(), code: z.string() })),
        blob: z.array(z.string()),
        at: z.string().transform((value) => value.trim()),
      }),
    );
    expect(fields).toEqual({
      name: { type: 'text', orderable: true },
      staff: { type: 'number', orderable: true },
      active: { type: 'boolean', orderable: true },
      status: { type: 'enum', values: ['A', 'B'], orderable: true },
      owner: { type: 'record', displayKey: 'full_name' },
      tags: { type: 'records', displayKey: 'code' },
      blob: { type: 'records' },
      at: { type: 'text' },
    });
  });
});
