import { accountsEndpoints } from '../../api/routes/accountsEndpoints';
import { baseEndpoints } from '../../api/routes/baseEndpoints';
import { operationsEndpoints } from '../../api/routes/operationsEndpoints';
import { routingRuleEndpoints } from '../../api/routes/routingRuleEndpoints';
import { slaPolicyEndpoints } from '../../api/routes/slaPolicyEndpoints';
import { teamEndpoints } from '../../api/routes/teamEndpoints';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';
import type { ListSource } from '../../shared/ui/list-page/list-source';
import { recordListSource } from './records.queries';

/**
 * The record list pages' sources by page setting key, without the pages' code (their columns,
 * forms and MUI): the shell starts a list's first request from here while the page's chunk is
 * still loading (`prefetchListView`). Each entry matches its entity's `RecordEntity`
 * (`record-list-sources.test.ts`); a page not here simply asks for its list when it mounts.
 */
export const RECORD_LIST_SOURCES: Readonly<Record<string, ListSource>> = {
  [LIST_PAGE_KEYS['/clients']]: recordListSource('clients', accountsEndpoints.clients.list),
  [LIST_PAGE_KEYS['/directory/clients']]: recordListSource('clients', accountsEndpoints.clients.list),
  [LIST_PAGE_KEYS['/contact-person']]: recordListSource('contact-persons', accountsEndpoints.contactPersons.list),
  [LIST_PAGE_KEYS['/roles']]: recordListSource('client-roles', accountsEndpoints.roles.list),
  [LIST_PAGE_KEYS['/cost-center']]: recordListSource('cost-centres', operationsEndpoints.costCentres.list),
  [LIST_PAGE_KEYS['/directory/cost-center']]: recordListSource('cost-centres', operationsEndpoints.costCentres.list),
  [LIST_PAGE_KEYS['/brands']]: recordListSource('brands', operationsEndpoints.brands.list),
  [LIST_PAGE_KEYS['/operation-roles']]: recordListSource('operation-roles', operationsEndpoints.roles.list),
  [LIST_PAGE_KEYS['/legal-entities']]: recordListSource('legal-entities', baseEndpoints.legalEntities.list),
  [LIST_PAGE_KEYS['/industries']]: recordListSource('industries', baseEndpoints.industries.list),
  [LIST_PAGE_KEYS['/helpdesk-teams']]: recordListSource('helpdesk-teams', teamEndpoints.list),
  [LIST_PAGE_KEYS['/helpdesk-routing-rules']]: recordListSource('helpdesk-routing-rules', routingRuleEndpoints.list),
  [LIST_PAGE_KEYS['/helpdesk-sla-policies']]: recordListSource('helpdesk-sla-policies', slaPolicyEndpoints.list),
};

/** The source of the record list page with this page setting key, or null when it is no record list. */
export const recordListSourceOf = (pageKey: string): ListSource | null => (Object.hasOwn(RECORD_LIST_SOURCES, pageKey) ? RECORD_LIST_SOURCES[pageKey]! : null);
