import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Link } from '@mui/material';
import { accountsEndpoints, operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { clientPatchSchema, costCentreSchema, type Client } from '@ops/contract/records/records.schemas';
import { humaniseCode } from '../../shared/humanise';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { ContactRelationsTab } from '../records/components/ContactRelationsTab';
import { HistoryTab } from '../records/components/HistoryTab';
import { OwnedRecordsTab } from '../records/components/OwnedRecordsTab';
import { RecordActions } from '../records/components/RecordActions';
import { RecordChips } from '../records/components/RecordChips';
import { FieldList, RecordDetailFrame } from '../records/components/RecordDetailFrame';
import { RecordFormDialog } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, recordQuery, useRecordMutation } from '../records/records.queries';
import { brandSource } from '../records/relation-sources';
import { clientFields, clientValues } from './client-form';

type CostCentreRow = import('zod').infer<typeof costCentreSchema>;

const costCentreColumns = defineColumns<CostCentreRow>(costCentreSchema, [
  { field: 'name', sortable: true, width: 240 },
  { field: 'code', sortable: true, width: 120 },
  { field: 'operation_status', headerName: 'Status', sortable: true, width: 140 },
  { field: 'brand', relation: brandSource },
  { field: 'email', width: 220 },
]);

export function ClientDetailPage() {
  const { id = '' } = useParams();
  const permissions = useModelPermissions('client');
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQuery(recordQuery('clients', accountsEndpoints.clients.get, id));
  const save = useRecordMutation((values: Record<string, unknown>) => call<Client>(accountsEndpoints.clients.patch, { params: { id }, body: values }));
  const remove = useRecordMutation(() => call(accountsEndpoints.clients.delete, { params: { id } }));
  const data = client.data;
  const ref = (value: { id: string; name: string } | null, path?: string) =>
    value ? (
      path ? (
        <Link component={RouterLink} to={`${path}/${value.id}`}>
          {value.name}
        </Link>
      ) : (
        value.name
      )
    ) : null;

  return (
    <RecordDetailFrame
      status={client}
      title={data?.name ?? ''}
      subtitle={data && <RecordChips codes={[data.relation_status, data.account_type, data.account_number]} />}
      listPath="/clients"
      listTitle="All Clients"
      actions={
        data && (
          <RecordActions
            permissions={permissions}
            what={`client ${data.name}`}
            listPath="/clients"
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title="Edit client"
                fields={clientFields(id)}
                schema={clientPatchSchema}
                defaultValues={clientValues(data)}
                onSubmit={(values) => save.mutateAsync(values)}
                onSaved={() => {
                  enqueueSnackbar('Client saved.', { variant: 'success' });
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
                      { label: 'Account number', value: data.account_number },
                      { label: 'Legal entity', value: ref(data.legal_entity, '/legal-entities') },
                      { label: 'Owner', value: `${data.owner.full_name} (${data.owner.email})` },
                      { label: 'Relation status', value: humaniseCode(data.relation_status) },
                      { label: 'Account type', value: humaniseCode(data.account_type) },
                      { label: 'Account source', value: data.account_source ? humaniseCode(data.account_source) : '' },
                      { label: 'Industry', value: ref(data.industry, '/industries') },
                      { label: 'Sub-industry', value: data.sub_industry?.name },
                      { label: 'Parent client', value: ref(data.parent, '/clients') },
                      { label: 'Master record', value: ref(data.master_record, '/clients') },
                      { label: 'ABN', value: data.abn },
                      { label: 'ACN', value: data.acn },
                      { label: 'Ticker symbol', value: data.ticker_symbol },
                      { label: 'Number of employees', value: data.number_of_employees?.toLocaleString() },
                      { label: 'Annual revenue', value: data.annual_revenue },
                      { label: 'Primary email', value: data.primary_contacts.email },
                      { label: 'Primary phone', value: data.primary_contacts.phone ?? data.primary_contacts.mobile },
                      { label: 'Primary address', value: data.primary_address ? [data.primary_address.street_address, data.primary_address.locality, data.primary_address.state, data.primary_address.postal_code].filter(Boolean).join(', ') : '' },
                      { label: 'Description', value: data.description, full: true },
                      { label: 'Created', value: `${formatDate(data.created_at)}${data.created_by ? ` by ${data.created_by.full_name}` : ''}` },
                      { label: 'Updated', value: `${formatDate(data.updated_at)}${data.updated_by ? ` by ${data.updated_by.full_name}` : ''}` },
                    ]}
                  />
                ),
              },
              { id: 'addresses', label: 'Addresses', content: <OwnedRecordsTab kind="address" entity="clients" ownerId={id} param="client_id" endpoints={accountsEndpoints.clientAddresses} permissions={permissions} /> },
              { id: 'contacts', label: 'Contacts', content: <OwnedRecordsTab kind="contact" entity="clients" ownerId={id} param="client_id" endpoints={accountsEndpoints.clientContacts} permissions={permissions} /> },
              { id: 'relations', label: 'Contact relations', content: <ContactRelationsTab owner="client" id={id} entity="clients" /> },
              {
                id: 'cost-centres',
                label: 'Cost centres',
                content: (
                  <ListPage<CostCentreRow>
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
                ),
              },
              { id: 'history', label: 'History', content: <HistoryTab entity="clients" id={id} endpoint={accountsEndpoints.clientHistory} /> },
            ]
          : []
      }
    />
  );
}
