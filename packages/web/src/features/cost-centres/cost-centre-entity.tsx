import { timelineEndpoints } from '@ops/contract/timeline/timeline.endpoints';
import { LazyTimelineTab } from '../records/components/lazy-tabs';
import { useQuery } from '@tanstack/react-query';
import { ReportQrCode } from './ReportQrCode';
import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import type { Employee } from '@ops/contract/integrations/adp.schemas';
import { operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { costCentreSchema, OPERATION_STATUSES, type operationContactsSchema } from '@ops/contract/records/records.schemas';
import { humaniseCode } from '../../shared/humanise';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { PageLoading } from '../../shared/ui/PageLoading';
import { RecordChips } from '../records/components/RecordChips';
import { FieldList, SectionHeader } from '../records/components/RecordDetailFrame';
import type { FieldSpec } from '../records/components/RecordFormDialog';
import type { RecordEntity } from '../records/RecordPages';
import { call, recordKeys } from '../records/records.queries';
import { addressLine } from '../records/record-values';
import { brandSource, clientSource, industrySource, legalEntitySource, subIndustriesOf } from '../records/relation-sources';

export type CostCentre = z.infer<typeof costCentreSchema>;

export const costCentreColumns = defineColumns<CostCentre>(costCentreSchema, [
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

function OperationContacts({ id }: { id: string }) {
  const contacts = useQuery({
    queryKey: recordKeys.related('cost-centres', id, 'operation-contacts'),
    queryFn: ({ signal }) => call<z.infer<typeof operationContactsSchema>>(operationsEndpoints.costCentreOperationContacts, { params: { cost_centre_id: id }, signal }),
  });
  if (contacts.isPending) return <PageLoading />;
  if (contacts.isError) return <Alert severity="error">The operation contacts could not be loaded.</Alert>;
  const { phone, mobile, email, operations_manager: manager } = contacts.data;
  return (
    <>
      <SectionHeader title="Site contacts" />
      <FieldList items={[{ label: 'Phone', value: phone }, { label: 'Mobile', value: mobile }, { label: 'Email', value: email }]} />
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mt: 4, mb: 2 }}>
        Operations manager
      </Typography>
      {manager ? (
        <FieldList items={[{ label: 'Name', value: manager.name }, { label: 'Email', value: manager.email }, { label: 'Phone', value: manager.phone }, { label: 'Mobile', value: manager.mobile }]} />
      ) : (
        <Typography color="text.secondary">No operations manager is related to this cost centre.</Typography>
      )}
    </>
  );
}

function Employees({ id }: { id: string }) {
  const employees = useQuery({
    queryKey: recordKeys.related('cost-centres', id, 'employees'),
    queryFn: ({ signal }) => call<Paginated<Employee>>(operationsEndpoints.costCentreEmployees, { params: { cost_centre_id: id }, query: { limit: '500' }, signal }),
  });
  if (employees.isPending) return <PageLoading />;
  if (employees.isError) return <Alert severity="error">The employees could not be loaded.</Alert>;
  const { results, count } = employees.data;
  return (
    <>
      <SectionHeader title={`Employees (${count.toLocaleString()})`} />
      {results.length === 0 ? (
        <Typography color="text.secondary">Payroll lists no employees at this cost centre.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Employees">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Code</TableCell>
                <TableCell>Position</TableCell>
                <TableCell>Category</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Email</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((employee) => (
                <TableRow key={employee.EmpCode}>
                  <TableCell>{employee.EmployeeName}</TableCell>
                  <TableCell>{employee.EmpCode}</TableCell>
                  <TableCell>{employee.USERFIELDM1?.title ?? '—'}</TableCell>
                  <TableCell>{employee.EmpCategory || '—'}</TableCell>
                  <TableCell>{employee.Status}</TableCell>
                  <TableCell>{employee.Email || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

export const costCentreEntity: RecordEntity<CostCentre> = {
  endpoints: operationsEndpoints.costCentres,
  history: operationsEndpoints.costCentreHistory,
  owned: { param: 'cost_centre_id', addresses: operationsEndpoints.costCentreAddresses, contacts: operationsEndpoints.costCentreContacts },
  relations: 'cost_centre',
  entity: 'cost-centres',
  noun: 'cost centre',
  title: 'All Cost Centres',
  section: 'Operations',
  path: '/cost-center',
  pageKey: 'COST-CENTRES',
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
    { id: 'operation-contacts', label: 'Operation contacts', content: <OperationContacts id={id} /> },
    relations,
    { id: 'employees', label: 'Employees', content: <Employees id={id} /> },
    { id: 'timeline', label: 'Timeline', content: <LazyTimelineTab entity="cost-centres" id={id} endpoint={timelineEndpoints.costCentreTimeline} /> },
    history,
    { id: 'report-qr', label: 'Report QR code', content: <ReportQrCode id={id} name={_data.name} code={_data.code} /> },
  ],
};
