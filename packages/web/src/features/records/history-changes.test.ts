import { describe, expect, it } from 'vitest';
import { recordFieldLabels } from '@ops/contract/records/record-labels';
import { clientEntity } from '../clients/client-entity';
import { costCentreEntity } from '../cost-centres/cost-centre-entity';
import { historyChanges, UNNAMED_RECORD } from './history-changes';

describe('historyChanges', () => {
  it('reads a change with the form’s field and choice labels, not the stored names and codes', () => {
    const changes = historyChanges(
      {
        action: 'update',
        changes: { relation_status: ['INACTIVE', 'ACTIVE'], parent: [null, 'Holding Co'], ticker_symbol: ['', 'OPS'], updated_at: ['a', 'b'] },
      },
      clientEntity.fields(),
    );
    expect(changes.map(({ label, text }) => `${label}: ${text}`)).toEqual([
      'Relation status: Inactive → Active',
      'Parent client: — → Holding Co',
      'Ticker symbol: — → OPS',
    ]);
    expect(historyChanges({ action: 'create', changes: { operation_status: [null, 'CLOSED'] } }, costCentreEntity.fields())).toMatchObject([
      { label: 'Operation status', text: 'Closed' },
    ]);
  });

  it('names related records by the names the history answers, never their ids; a withheld or deleted one neutrally', () => {
    const [a, b, c] = ['3f2a0000-0000-4000-8000-000000000001', '9b1c0000-0000-4000-8000-000000000002', '9b1c0000-0000-4000-8000-000000000003'];
    const changes = historyChanges(
      {
        action: 'update',
        changes: { client: [a, b], legal_entity: [null, c], notes: ['', 'Refit'] },
        names: { client: [null, 'Harbour Kiosk'], legal_entity: [null, 'Saltbush Group'] },
      },
      costCentreEntity.fields(),
    );
    expect(changes.map(({ label, text }) => `${label}: ${text}`)).toEqual([
      `Client: ${UNNAMED_RECORD} → Harbour Kiosk`,
      'Legal entity: — → Saltbush Group',
      'Notes: — → Refit',
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/3f2a|9b1c/);
    expect(historyChanges({ action: 'create', changes: { client: [null, b] }, names: { client: [null, 'Harbour Kiosk'] } }, costCentreEntity.fields())).toMatchObject([
      { label: 'Client', text: 'Harbour Kiosk' },
    ]);
  });

  it('names fields in the timeline (the contract’s labels) as the forms do', () => {
    for (const [model, entity] of [['client', clientEntity], ['costcentre', costCentreEntity]] as const) {
      const labels = recordFieldLabels(model);
      for (const spec of entity.fields()) if ('name' in spec && labels[spec.name]) expect(labels[spec.name], `${model}.${spec.name}`).toBe(spec.label);
    }
  });
});
