import type { z } from 'zod';
import type { legalEntitySchema } from '@ops/contract/records/records.schemas';
import { baseEndpoints } from '../../api/endpoint-routes';
import { legalEntityListFields } from '../../api/list-fields';
import { ApiError } from '../../api/http-client';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { isUuid } from '../../shell/header/breadcrumb';
import { RecordChips } from '../records/components/RecordChips';
import { LazyRecordDetailPage } from '../records/LazyRecordDetailPage';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { RecordListPage } from '../records/RecordListPage';
import { addressLine } from '../records/record-values';
import { call } from '../records/records.queries';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

type LegalEntity = z.infer<typeof legalEntitySchema>;

/** Legal entities open at their abbreviation when they have one (spec platform §10), else at their id. */
export const legalEntityPath = (entity: { id: string; abbr?: string | null }) => `/legal-entities/${encodeURIComponent(entity.abbr ?? entity.id)}`;

/** `/legal-entities/<abbrId>`: the abbreviation, or the id. */
async function findLegalEntity(key: string, signal: AbortSignal): Promise<LegalEntity> {
  if (isUuid(key)) return call<LegalEntity>(baseEndpoints.legalEntities.get, { params: { id: key }, signal });
  const page = await call<{ results: LegalEntity[] }>(baseEndpoints.legalEntities.list, { query: { filters: JSON.stringify({ abbr: key }), limit: '1' }, signal });
  const found = page.results[0];
  if (!found) throw new ApiError(404, { detail: 'Not found.' });
  // The detail, not the list's row: it answers the entity tag the edit form saves against.
  return call<LegalEntity>(baseEndpoints.legalEntities.get, { params: { id: found.id }, signal });
}

export const legalEntityEntity: RecordEntity<LegalEntity> = {
  endpoints: baseEndpoints.legalEntities,
  formSchemas: async () => formSchemasOf((await import('@ops/contract/records/records.endpoints')).baseEndpoints.legalEntities),
  history: baseEndpoints.legalEntityHistory,
  owned: { param: 'legal_entity_id', addresses: baseEndpoints.legalEntityAddresses, contacts: baseEndpoints.legalEntityContacts },
  entity: 'legal-entities',
  noun: 'legal entity',
  title: 'Legal Entities',
  section: 'Organizations',
  path: '/legal-entities',
  pageKey: LIST_PAGE_KEYS['/legal-entities'],
  recordPath: legalEntityPath,
  routeParam: 'abbrId',
  load: findLegalEntity,
  columns: defineColumns<LegalEntity>(legalEntityListFields, [
    { field: 'name', sortable: true, width: 300 },
    { field: 'abbr', headerName: 'Abbreviation', width: 140 },
    { field: 'abn', headerName: 'ABN', width: 150 },
    { field: 'acn', headerName: 'ACN', width: 150, hidden: true },
    { field: 'search_name', width: 200, hidden: true },
    { field: 'primary_contacts', headerName: 'Email', value: (row) => row.primary_contacts.email ?? '', exportPath: 'primary_contacts.email', width: 220 },
    {
      field: 'primary_address',
      headerName: 'Location',
      value: (row) => [row.primary_address?.locality, row.primary_address?.state].filter(Boolean).join(', '),
      exportPath: 'primary_address.locality,primary_address.state',
    },
    { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
  ]),
  fields: () => [
    { name: 'name', label: 'Name', kind: 'text', required: true, full: true },
    { name: 'abbr', label: 'Abbreviation', kind: 'text', helper: 'Up to 11 characters; unique. The page address uses it.' },
    { name: 'search_name', label: 'Search name', kind: 'text' },
    { name: 'abn', label: 'ABN', kind: 'text' },
    { name: 'acn', label: 'ACN', kind: 'text' },
  ],
  nested: { address: true, contacts: true },
  empty: { title: 'No legal entities yet', description: 'The companies of the group are listed here.' },
  subtitleOf: (data) => <RecordChips tags={[data.abbr]} />,
  details: (data, { audit }) => [
    { label: 'Name', value: data.name },
    { label: 'Abbreviation', value: data.abbr },
    { label: 'Search name', value: data.search_name },
    { label: 'ABN', value: data.abn },
    { label: 'ACN', value: data.acn },
    { label: 'Primary email', value: data.primary_contacts.email },
    { label: 'Primary phone', value: data.primary_contacts.phone },
    { label: 'Primary address', value: addressLine(data.primary_address) },
    ...audit(data),
  ],
};

export const LegalEntityListPage = () => <RecordListPage config={legalEntityEntity} />;
export const LegalEntityDetailPage = () => <LazyRecordDetailPage config={legalEntityEntity} />;
