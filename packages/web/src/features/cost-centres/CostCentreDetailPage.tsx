import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Alert, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { Paginated } from '@ops/contract/common/pagination';
import type { Employee } from '@ops/contract/integrations/adp.schemas';
import { operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { costCentrePatchSchema, type operationContactsSchema } from '@ops/contract/records/records.schemas';
import type { z } from 'zod';
import { humaniseCode } from '../../shared/humanise';
import { PageLoading } from '../../shared/ui/PageLoading';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { ContactRelationsTab } from '../records/components/ContactRelationsTab';
import { HistoryTab } from '../records/components/HistoryTab';
import { OwnedRecordsTab } from '../records/components/OwnedRecordsTab';
import { RecordActions } from '../records/components/RecordActions';
import { RecordChips } from '../records/components/RecordChips';
import { FieldList, RecordDetailFrame, SectionHeader } from '../records/components/RecordDetailFrame';
import { RecordFormDialog } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, recordQuery, useRecordMutation } from '../records/records.queries';
import { costCentreFields, costCentreValues } from './cost-centre-form';

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

export function CostCentreDetailPage() {
  const { id = '' } = useParams();
  const permissions = useModelPermissions('costcentre');
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const costCentre = useQuery(recordQuery('cost-centres', operationsEndpoints.costCentres.get, id));
  const save = useRecordMutation((values: Record<string, unknown>) => call(operationsEndpoints.costCentres.patch, { params: { id }, body: values }));
  const remove = useRecordMutation(() => call(operationsEndpoints.costCentres.delete, { params: { id } }));
  const data = costCentre.data;
  const link = (value: { id: string; name: string } | null, path: string) =>
    value ? (
      <Link component={RouterLink} to={`${path}/${value.id}`}>
        {value.name}
      </Link>
    ) : null;

  return (
    <RecordDetailFrame
      status={costCentre}
      title={data?.name ?? ''}
      subtitle={data && <RecordChips codes={[data.operation_status, data.code]} />}
      listPath="/cost-center"
      listTitle="All Cost Centres"
      actions={
        data && (
          <RecordActions
            permissions={permissions}
            what={`cost centre ${data.name}`}
            listPath="/cost-center"
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title="Edit cost centre"
                fields={costCentreFields}
                schema={costCentrePatchSchema}
                defaultValues={costCentreValues(data)}
                onSubmit={(values) => save.mutateAsync(values)}
                onSaved={() => {
                  enqueueSnackbar('Cost centre saved.', { variant: 'success' });
                  close();
                }}
                onClose={close}
              />
            )}
          />
        )
      }
      tabs={
        data
          ? [
              {
                id: 'details',
                label: 'Details',
                content: (
                  <FieldList
                    items={[
                      { label: 'Code', value: data.code },
                      { label: 'Email', value: data.email },
                      { label: 'Operation status', value: humaniseCode(data.operation_status) },
                      { label: 'Client', value: link(data.client, '/clients') },
                      { label: 'Legal entity', value: link(data.legal_entity, '/legal-entities') },
                      { label: 'Franchisor', value: link(data.franchisor, '/clients') },
                      { label: 'Brand', value: link(data.brand, '/brands') },
                      { label: 'Industry', value: link(data.industry, '/industries') },
                      { label: 'Sub-industry', value: data.sub_industry?.name },
                      { label: 'Primary address', value: data.primary_address ? [data.primary_address.street_address, data.primary_address.locality, data.primary_address.state, data.primary_address.postal_code].filter(Boolean).join(', ') : '' },
                      { label: 'Notes', value: data.notes, full: true },
                      { label: 'Created', value: `${formatDate(data.created_at)}${data.created_by ? ` by ${data.created_by.full_name}` : ''}` },
                      { label: 'Updated', value: `${formatDate(data.updated_at)}${data.updated_by ? ` by ${data.updated_by.full_name}` : ''}` },
                    ]}
                  />
                ),
              },
              { id: 'addresses', label: 'Addresses', content: <OwnedRecordsTab kind="address" entity="cost-centres" ownerId={id} param="cost_centre_id" endpoints={operationsEndpoints.costCentreAddresses} permissions={permissions} /> },
              { id: 'contacts', label: 'Contacts', content: <OwnedRecordsTab kind="contact" entity="cost-centres" ownerId={id} param="cost_centre_id" endpoints={operationsEndpoints.costCentreContacts} permissions={permissions} /> },
              { id: 'operation-contacts', label: 'Operation contacts', content: <OperationContacts id={id} /> },
              { id: 'relations', label: 'Contact relations', content: <ContactRelationsTab owner="cost_centre" id={id} entity="cost-centres" /> },
              { id: 'employees', label: 'Employees', content: <Employees id={id} /> },
              { id: 'history', label: 'History', content: <HistoryTab entity="cost-centres" id={id} endpoint={operationsEndpoints.costCentreHistory} /> },
            ]
          : []
      }
    />
  );
}
