import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { costCentreInputSchema, costCentreSchema } from '@ops/contract/records/records.schemas';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { RecordFormDialog } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, useRecordMutation } from '../records/records.queries';
import { brandSource, clientSource, industrySource, legalEntitySource } from '../records/relation-sources';
import { costCentreFields, newCostCentreValues, type CostCentre } from './cost-centre-form';

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

export function CostCentreListPage({ directory = false }: { directory?: boolean }) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const permissions = useModelPermissions('costcentre');
  const [creating, setCreating] = useState(false);
  const create = useRecordMutation((values: Record<string, unknown>) => call<CostCentre>(operationsEndpoints.costCentres.create, { body: values }));
  const newButton = permissions.add && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New cost centre
    </Button>
  );
  return (
    <>
      <ListPage<CostCentre>
        pageKey={directory ? 'DIRECTORY-COST-CENTRES' : 'COST-CENTRES'}
        title="All Cost Centres"
        subtitle={directory ? 'Directory · List view' : 'Operations'}
        source={{ key: recordKeys.entity('cost-centres'), endpoint: operationsEndpoints.costCentres.list }}
        columns={costCentreColumns}
        rowHref={(row) => `/cost-center/${row.id}`}
        actions={newButton}
        exportName="cost-centres"
        empty={{ title: 'No cost centres yet', description: 'Sites and operations you can see are listed here.', action: newButton }}
      />
      {creating && (
        <RecordFormDialog
          title="New cost centre"
          fields={costCentreFields}
          schema={costCentreInputSchema}
          defaultValues={newCostCentreValues()}
          submitLabel="Create cost centre"
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(created) => {
            enqueueSnackbar('Cost centre created.', { variant: 'success' });
            navigate(`/cost-center/${(created as CostCentre).id}`);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}
