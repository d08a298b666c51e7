import { lazy, Suspense } from 'react';
import { LazyTimelineTab } from '../records/components/lazy-tabs';
import type { z } from 'zod';
import { ACCOUNT_SOURCES, ACCOUNT_TYPES, RELATION_STATUSES } from '@ops/contract/records/records.values';
import type { Client, costCentreSchema } from '@ops/contract/records/records.schemas';
import { accountsEndpoints, operationsEndpoints, timelineEndpoints } from '../../api/endpoint-routes';
import { clientListFields, costCentreListFields } from '../../api/list-fields';
import { humaniseCode } from '../../shared/humanise';
import { PageLoading } from '../../shared/ui/PageLoading';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import type { ListPage } from '../../shared/ui/list-page/ListPage';
import { RecordChips } from '../records/components/RecordChips';
import type { FieldSpec } from '../records/components/RecordFormDialog';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { recordKeys } from '../records/records.queries';
import { addressLine } from '../records/record-values';
import { brandSource, clientSource, industrySource, legalEntitySource, subIndustriesOf, subIndustrySource, userSource } from '../records/relation-sources';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

// The Cost centres tab's grid loads when the tab is shown: the client's record page opens on its details.
const CostCentresList = lazy(async () => ({ default: (await import('../../shared/ui/list-page/ListPage')).ListPage })) as unknown as typeof ListPage;

export const clientColumns = defineColumns<Client>(clientListFields, [
  { field: 'name', sortable: true, width: 260 },
  { field: 'account_number', sortable: true, width: 150 },
  { field: 'legal_entity', relation: legalEntitySource, width: 220 },
  { field: 'industry', relation: industrySource },
  { field: 'sub_industry', relation: subIndustrySource, hidden: true },
  { field: 'account_type', sortable: true, width: 140 },
  { field: 'relation_status', headerName: 'Status', sortable: true, width: 120 },
  {
    field: 'primary_address',
    headerName: 'Location',
    value: (row) => [row.primary_address?.locality, row.primary_address?.state].filter(Boolean).join(', '),
    exportPath: 'primary_address.locality,primary_address.state',
  },
  { field: 'primary_contacts', headerName: 'Email', value: (row) => row.primary_contacts.email ?? '', exportPath: 'primary_contacts.email', width: 220 },
  { field: 'abn', headerName: 'ABN', sortable: true, hidden: true },
  { field: 'owner', relation: userSource, hidden: true },
  { field: 'account_source', hidden: true },
  { field: 'number_of_employees', hidden: true },
  { field: 'annual_revenue', kind: 'decimal', align: 'right', hidden: true },
  { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
  { field: 'updated_at', headerName: 'Updated', sortable: true, hidden: true },
]);

type CostCentreRow = z.infer<typeof costCentreSchema>;

const costCentreColumns = defineColumns<CostCentreRow>(costCentreListFields, [
  { field: 'name', sortable: true, width: 240 },
  { field: 'code', sortable: true, width: 120 },
  { field: 'operation_status', headerName: 'Status', sortable: true, width: 140 },
  { field: 'brand', relation: brandSource },
  { field: 'email', width: 220 },
]);

const clientFields = (selfId?: string): FieldSpec[] => [
  { section: 'Account' },
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'account_number', label: 'Account number', kind: 'text', required: true },
  { name: 'legal_entity', label: 'Legal entity', kind: 'relation', source: legalEntitySource, required: true },
  { name: 'owner', label: 'Owner', kind: 'relation', source: userSource, required: true },
  { name: 'relation_status', label: 'Relation status', kind: 'enum', values: RELATION_STATUSES },
  { name: 'account_type', label: 'Account type', kind: 'enum', values: ACCOUNT_TYPES },
  { name: 'account_source', label: 'Account source', kind: 'enum', values: ACCOUNT_SOURCES },
  { name: 'parent', label: 'Parent client', kind: 'relation', source: clientSource, exclude: selfId ? [selfId] : [] },
  { name: 'master_record', label: 'Master record', kind: 'relation', source: clientSource, exclude: selfId ? [selfId] : [] },
  { section: 'Industry' },
  { name: 'industry', label: 'Industry', kind: 'relation', source: industrySource },
  { name: 'sub_industry', label: 'Sub-industry', kind: 'relation', source: (values) => (values.industry ? subIndustriesOf(String(values.industry)) : null) },
  { section: 'Company' },
  { name: 'abn', label: 'ABN', kind: 'text' },
  { name: 'acn', label: 'ACN', kind: 'text' },
  { name: 'ticker_symbol', label: 'Ticker symbol', kind: 'text' },
  { name: 'number_of_employees', label: 'Number of employees', kind: 'number' },
  { name: 'annual_revenue', label: 'Annual revenue', kind: 'decimal' },
  { name: 'description', label: 'Description', kind: 'multiline' },
];

export const clientEntity: RecordEntity<Client> = {
  endpoints: accountsEndpoints.clients,
  formSchemas: async () => formSchemasOf((await import('@ops/contract/records/records.endpoints')).accountsEndpoints.clients),
  history: accountsEndpoints.clientHistory,
  owned: { param: 'client_id', addresses: accountsEndpoints.clientAddresses, contacts: accountsEndpoints.clientContacts },
  relations: 'client',
  entity: 'clients',
  noun: 'client',
  title: 'All Clients',
  section: 'Accounts',
  path: '/clients',
  pageKey: LIST_PAGE_KEYS['/clients'],
  columns: clientColumns,
  fields: clientFields,
  defaults: ({ userId }) => ({ owner: userId ?? null, relation_status: 'ACTIVE', account_type: 'CLIENT' }),
  nested: { address: true, contacts: true },
  empty: { title: 'No clients yet', description: 'Clients you create or are allocated to are listed here.' },
  subtitleOf: (data) => <RecordChips codes={[data.relation_status, data.account_type]} tags={[data.account_number]} />,
  details: (data, { link, audit }) => [
    { label: 'Account number', value: data.account_number },
    { label: 'Legal entity', value: link(data.legal_entity, '/legal-entities') },
    { label: 'Owner', value: `${data.owner.full_name} (${data.owner.email})` },
    { label: 'Relation status', value: humaniseCode(data.relation_status) },
    { label: 'Account type', value: humaniseCode(data.account_type) },
    { label: 'Account source', value: data.account_source ? humaniseCode(data.account_source) : '' },
    { label: 'Industry', value: link(data.industry, '/industries') },
    { label: 'Sub-industry', value: data.sub_industry?.name },
    { label: 'Parent client', value: link(data.parent, '/clients') },
    { label: 'Master record', value: link(data.master_record, '/clients') },
    { label: 'ABN', value: data.abn },
    { label: 'ACN', value: data.acn },
    { label: 'Ticker symbol', value: data.ticker_symbol },
    { label: 'Number of employees', value: data.number_of_employees?.toLocaleString() },
    { label: 'Annual revenue', value: data.annual_revenue && Number(data.annual_revenue).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) },
    { label: 'Primary email', value: data.primary_contacts.email },
    { label: 'Primary phone', value: data.primary_contacts.phone ?? data.primary_contacts.mobile },
    { label: 'Primary address', value: addressLine(data.primary_address) },
    { label: 'Description', value: data.description, full: true },
    ...audit(data),
  ],
  tabs: (data, { details, addresses, contacts, relations, history }, { id }) => [
    details,
    addresses,
    contacts,
    relations,
    {
      id: 'cost-centres',
      label: 'Cost centres',
      content: (
        <Suspense fallback={<PageLoading />}>
          <CostCentresList<CostCentreRow>
            embedded
            pageKey="CLIENT-COST-CENTRES"
            title="Cost centres"
            gridLabel={`Cost centres of ${data.name}`}
            source={{ key: recordKeys.entity('cost-centres'), endpoint: operationsEndpoints.costCentres.list }}
            fixedFilters={{ client: id }}
            columns={costCentreColumns}
            rowHref={(row) => `/cost-center/${row.id}`}
            exportName={`cost-centres-${data.account_number}`}
            empty={{ title: 'No cost centres', description: 'Cost centres of this client are listed here.' }}
          />
        </Suspense>
      ),
    },
    { id: 'timeline', label: 'Timeline', content: <LazyTimelineTab entity="clients" id={id} endpoint={timelineEndpoints.clientTimeline} /> },
    history,
  ],
};
