import { describe, expect, it } from 'vitest';
import { brandEntity } from '../brands/BrandPages';
import { clientEntity } from '../clients/client-entity';
import { contactPersonEntity } from '../contact-persons/ContactPersonPages';
import { costCentreEntity } from '../cost-centres/cost-centre-entity';
import { routingRuleEntity, teamEntity } from '../helpdesk-admin/HelpdeskAdminPages';
import { slaPolicyEntity } from '../helpdesk-admin/SlaPolicyPages';
import { industryEntity } from '../industries/IndustryPages';
import { legalEntityEntity } from '../legal-entities/LegalEntityPages';
import { clientRoleEntity, operationRoleEntity } from '../roles/RolePages';
import { RECORD_LIST_SOURCES, recordListSourceOf } from './record-list-sources';
import { recordListSource } from './records.queries';
import type { RecordEntity } from './record-entity';

// The shell's list prefetch reads these sources without the pages' code: a source that differs from
// the one RecordListPage reads would build another query key, and the prefetched request is wasted.

const LISTS: [RecordEntity<never>, directory: boolean][] = [
  [clientEntity, true],
  [costCentreEntity, true],
  [contactPersonEntity, false],
  [clientRoleEntity, false],
  [operationRoleEntity, false],
  [brandEntity, false],
  [legalEntityEntity, false],
  [industryEntity, false],
  [teamEntity, false],
  [routingRuleEntity, false],
  [slaPolicyEntity, false],
] as unknown as [RecordEntity<never>, boolean][];

describe('the record list sources the shell prefetches from', () => {
  it.each(LISTS.map(([entity, directory]) => [entity.pageKey, entity, directory] as const))('%s: the key and endpoint RecordListPage reads', (pageKey, entity, directory) => {
    const own = recordListSource(entity.entity, entity.endpoints.list);
    expect(recordListSourceOf(pageKey)).toEqual(own);
    // The directory's list view is the same list under a page setting of its own.
    if (directory) expect(recordListSourceOf(`DIRECTORY-${pageKey}`)).toEqual(own);
  });

  it('names no page that is not one of those lists', () => {
    const pages = LISTS.flatMap(([entity, directory]) => (directory ? [entity.pageKey, `DIRECTORY-${entity.pageKey}`] : [entity.pageKey]));
    expect(Object.keys(RECORD_LIST_SOURCES).sort()).toEqual(pages.sort());
    expect(recordListSourceOf('MY-TICKETS')).toBeNull();
    expect(recordListSourceOf('toString')).toBeNull();
  });
});
