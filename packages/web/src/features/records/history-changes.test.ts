import { describe, expect, it } from 'vitest';
import { recordFieldLabels } from '@ops/contract/records/record-labels';
import { clientEntity } from '../clients/client-entity';
import { costCentreEntity } from '../cost-centres/cost-centre-entity';
import { historyChanges } from './history-changes';

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

  it('names fields in the timeline (the contract’s labels) as the forms do', () => {
    for (const [model, entity] of [['client', clientEntity], ['costcentre', costCentreEntity]] as const) {
      const labels = recordFieldLabels(model);
      for (const spec of entity.fields()) if ('name' in spec && labels[spec.name]) expect(labels[spec.name], `${model}.${spec.name}`).toBe(spec.label);
    }
  });
});
