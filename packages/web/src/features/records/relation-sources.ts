import { accountsEndpoints, baseEndpoints, identityEndpoints, operationsEndpoints } from '../../api/endpoint-routes';
import type { RelationSource } from '../../shared/ui/list-page/list-columns';

/** Records a filter or form field can point at, read through their list endpoints. */
const text = (item: Record<string, unknown>, key: string) => String(item[key] ?? '');

export const legalEntitySource: RelationSource = {
  endpoint: baseEndpoints.legalEntities.list,
  label: (item) => (item.abbr ? `${text(item, 'name')} (${text(item, 'abbr')})` : text(item, 'name')),
};
export const industrySource: RelationSource = { endpoint: baseEndpoints.industries.list, label: (item) => text(item, 'name') };
export const subIndustrySource: RelationSource = { endpoint: baseEndpoints.subIndustries.list, label: (item) => text(item, 'name') };
export const subIndustriesOf = (industryId: string): RelationSource => ({
  endpoint: baseEndpoints.industrySubIndustries.list,
  params: { industry_id: industryId },
  label: (item) => text(item, 'name'),
});
export const clientSource: RelationSource = {
  endpoint: accountsEndpoints.clients.list,
  label: (item) => `${text(item, 'name')} · ${text(item, 'account_number')}`,
};
export const contactPersonSource: RelationSource = { endpoint: accountsEndpoints.contactPersons.list, label: (item) => text(item, 'full_name') };
export const clientRoleSource: RelationSource = { endpoint: accountsEndpoints.roles.list, label: (item) => text(item, 'role') };
export const operationRoleSource: RelationSource = { endpoint: operationsEndpoints.roles.list, label: (item) => text(item, 'role') };
export const brandSource: RelationSource = { endpoint: operationsEndpoints.brands.list, label: (item) => text(item, 'name') };
export const costCentreSource: RelationSource = {
  endpoint: operationsEndpoints.costCentres.list,
  label: (item) => `${text(item, 'name')} · ${text(item, 'code')}`,
};
export const userSource: RelationSource = {
  endpoint: identityEndpoints.listUsers,
  label: (item) => (item.full_name ? `${text(item, 'full_name')} <${text(item, 'email')}>` : text(item, 'email')),
};
