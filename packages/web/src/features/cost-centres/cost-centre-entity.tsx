import { lazy, Suspense, type ReactNode } from 'react';
import { LazyTimelineTab } from '../records/components/lazy-tabs';
import type { z } from 'zod';
import { OPERATION_STATUSES } from '@ops/contract/records/records.values';
import type { costCentreSchema } from '@ops/contract/records/records.schemas';
import { operationsEndpoints, timelineEndpoints } from '../../api/endpoint-routes';
import { costCentreListFields } from '../../api/list-fields';
import { humaniseCode } from '../../shared/humanise';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { PageLoading } from '../../shared/ui/PageLoading';
import { RecordChips } from '../records/components/RecordChips';
import type { FieldSpec } from '../records/components/RecordFormDialog';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { addressLine } from '../records/record-values';
import { brandSource, clientSource, industrySource, legalEntitySource, subIndustriesOf } from '../records/relation-sources';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

export type CostCentre = z.infer<typeof costCentreSchema>;

export const costCentreColumns = defineColumns<CostCentre>(costCentreListFields, [
  { field: 'name', sortable: true, width: 240 },
  { field: 'code', sortable: true, width: 110 },
  { field: 'client', relation: clientSource, width: 220 },
  { field: 'operation_status', headerName: 'Status', sortable: true, width: 140 },
  { field: 'brand', relation: brandSource },
  { field: 'legal_entity', relation: legalEntitySource, hidden: true },
  { field: 'industry', relation: industrySource, hidden: true },
  { field: 'franchisor', relation: clientSource, hidden: true },
  { field: 'email', width: 220 },
  {
    field: 'primary_address',
    headerName: 'Location',
    value: (row) => [row.primary_address?.locality, row.primary_address?.state].filter(Boolean).join(', '),
    exportPath: 'primary_address.locality,primary_address.state',
  },
  { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
]);

const costCentreFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'code', label: 'Code', kind: 'text', required: true },
  { name: 'email', label: 'Email', kind: 'email', required: true },
  { name: 'operation_status', label: 'Operation status', kind: 'enum', values: OPERATION_STATUSES },
  { name: 'client', label: 'Client', kind: 'relation', source: clientSource, required: true },
  { name: 'legal_entity', label: 'Legal entity', kind: 'relation', source: legalEntitySource, required: true },
  { name: 'franchisor', label: 'Franchisor', kind: 'relation', source: clientSource },
  { name: 'brand', label: 'Brand', kind: 'relation', source: brandSource },
  { name: 'industry', label: 'Industry', kind: 'relation', source: industrySource },
  { name: 'sub_industry', label: 'Sub-industry', kind: 'relation', source: (values) => (values.industry ? subIndustriesOf(String(values.industry)) : null) },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

// The record page's own tabs load when shown: the list page shares this module.
const OperationContacts = lazy(async () => ({ default: (await import('./CostCentreTabs')).OperationContacts }));
const Employees = lazy(async () => ({ default: (await import('./CostCentreTabs')).Employees }));
const ReportQrCode = lazy(async () => ({ default: (await import('./ReportQrCode')).ReportQrCode }));
const loading = (content: ReactNode) => <Suspense fallback={<PageLoading />}>{content}</Suspense>;

export const costCentreEntity: RecordEntity<CostCentre> = {
  endpoints: operationsEndpoints.costCentres,
  formSchemas: async () => formSchemasOf((await import('@ops/contract/records/records.endpoints')).operationsEndpoints.costCentres),
  history: operationsEndpoints.costCentreHistory,
  owned: { param: 'cost_centre_id', addresses: operationsEndpoints.costCentreAddresses, contacts: operationsEndpoints.costCentreContacts },
  relations: 'cost_centre',
  entity: 'cost-centres',
  noun: 'cost centre',
  title: 'All Cost Centres',
  section: 'Operations',
  path: '/cost-center',
  pageKey: LIST_PAGE_KEYS['/cost-center'],
  columns: costCentreColumns,
  fields: () => costCentreFields,
  defaults: () => ({ operation_status: 'ONBOARDING' }),
  empty: { title: 'No cost centres yet', description: 'Sites and operations you can see are listed here.' },
  subtitleOf: (data) => <RecordChips codes={[data.operation_status]} tags={[data.code]} />,
  details: (data, { link, audit }) => [
    { label: 'Code', value: data.code },
    { label: 'Email', value: data.email },
    { label: 'Operation status', value: humaniseCode(data.operation_status) },
    { label: 'Client', value: link(data.client, '/clients') },
    { label: 'Legal entity', value: link(data.legal_entity, '/legal-entities') },
    { label: 'Franchisor', value: link(data.franchisor, '/clients') },
    { label: 'Brand', value: link(data.brand, '/brands') },
    { label: 'Industry', value: link(data.industry, '/industries') },
    { label: 'Sub-industry', value: data.sub_industry?.name },
    { label: 'Primary address', value: addressLine(data.primary_address) },
    { label: 'Notes', value: data.notes, full: true },
    ...audit(data),
  ],
  tabs: (_data, { details, addresses, contacts, relations, history }, { id }) => [
    details,
    addresses,
    contacts,
    { id: 'operation-contacts', label: 'Operation contacts', content: loading(<OperationContacts id={id} />) },
    relations,
    { id: 'employees', label: 'Employees', content: loading(<Employees id={id} />) },
    { id: 'timeline', label: 'Timeline', content: <LazyTimelineTab entity="cost-centres" id={id} endpoint={timelineEndpoints.costCentreTimeline} /> },
    history,
    { id: 'report-qr', label: 'Report QR code', content: loading(<ReportQrCode id={id} name={_data.name} code={_data.code} />) },
  ],
};
