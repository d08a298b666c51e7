import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { accountsEndpoints } from '@ops/contract/records/records.endpoints';
import { clientCreateSchema, clientSchema, type Client } from '@ops/contract/records/records.schemas';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { useCurrentUser } from '../auth/session';
import { RecordFormDialog } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, useRecordMutation } from '../records/records.queries';
import { industrySource, legalEntitySource, subIndustrySource, userSource } from '../records/relation-sources';
import { clientFields, newClientValues } from './client-form';

export const clientColumns = defineColumns<Client>(clientSchema, [
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

export const clientListSource = { key: recordKeys.entity('clients'), endpoint: accountsEndpoints.clients.list };

/** All Clients, under Accounts (/clients) and in the directory's list view (/directory/clients?view=list). */
export function ClientListPage({ directory = false }: { directory?: boolean }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const permissions = useModelPermissions('client');
  const user = useCurrentUser().data;
  const [creating, setCreating] = useState(false);
  const create = useRecordMutation((values: Record<string, unknown>) => call<Client>(accountsEndpoints.clients.create, { body: values }));
  const newButton = permissions.add && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New client
    </Button>
  );
  return (
    <>
      <ListPage<Client>
        pageKey={directory ? 'DIRECTORY-CLIENTS' : 'CLIENTS'}
        title="All Clients"
        subtitle={directory ? 'Directory · List view' : 'Accounts'}
        source={clientListSource}
        columns={clientColumns}
        rowHref={(row) => `/clients/${row.id}`}
        actions={newButton}
        exportName="clients"
        empty={{ title: 'No clients yet', description: 'Clients you create or are allocated to are listed here.', action: newButton }}
      />
      {creating && (
        <RecordFormDialog
          title="New client"
          fields={clientFields()}
          schema={clientCreateSchema}
          defaultValues={newClientValues(user?.id)}
          nested={{ address: true, contacts: true }}
          submitLabel="Create client"
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(client) => {
            enqueueSnackbar('Client created.', { variant: 'success' });
            navigate(`/clients/${(client as Client).id}`);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
