import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import { baseEndpoints } from '@ops/contract/records/records.endpoints';
import { legalEntityCreateSchema, legalEntityPatchSchema, legalEntitySchema } from '@ops/contract/records/records.schemas';
import { ApiError } from '../../api/http-client';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { isUuid } from '../../shell/header/breadcrumb';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { HistoryTab } from '../records/components/HistoryTab';
import { OwnedRecordsTab } from '../records/components/OwnedRecordsTab';
import { RecordActions } from '../records/components/RecordActions';
import { RecordChips } from '../records/components/RecordChips';
import { FieldList, RecordDetailFrame } from '../records/components/RecordDetailFrame';
import { RecordFormDialog, type FieldSpec } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, useRecordMutation } from '../records/records.queries';

type LegalEntity = z.infer<typeof legalEntitySchema>;

/** Legal entities open at their abbreviation when they have one (DESIGN 10), else at their id. */
export const legalEntityPath = (entity: { id: string; abbr: string | null }) => `/legal-entities/${encodeURIComponent(entity.abbr ?? entity.id)}`;

const columns = defineColumns<LegalEntity>(legalEntitySchema, [
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
]);

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, full: true },
  { name: 'abbr', label: 'Abbreviation', kind: 'text', helper: 'Up to 11 characters; unique. The page address uses it.' },
  { name: 'search_name', label: 'Search name', kind: 'text' },
  { name: 'abn', label: 'ABN', kind: 'text' },
  { name: 'acn', label: 'ACN', kind: 'text' },
];

const valuesOf = (e: LegalEntity) => ({ name: e.name, abbr: e.abbr ?? '', search_name: e.search_name, abn: e.abn, acn: e.acn });

export function LegalEntityListPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const permissions = useModelPermissions('legalentity');
  const [creating, setCreating] = useState(false);
  const create = useRecordMutation((values: Record<string, unknown>) => call<LegalEntity>(baseEndpoints.legalEntities.create, { body: values }));
  const newButton = permissions.add && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New legal entity
    </Button>
  );
  return (
    <>
      <ListPage<LegalEntity>
        pageKey="LEGAL-ENTITIES"
        title="Legal Entities"
        subtitle="Organizations"
        source={{ key: recordKeys.entity('legal-entities'), endpoint: baseEndpoints.legalEntities.list }}
        columns={columns}
        rowHref={legalEntityPath}
        actions={newButton}
        exportName="legal-entities"
        empty={{ title: 'No legal entities yet', description: 'The companies of the group are listed here.', action: newButton }}
      />
      {creating && (
        <RecordFormDialog
          title="New legal entity"
          fields={fields}
          schema={legalEntityCreateSchema}
          defaultValues={{ name: '', abbr: '', search_name: '', abn: '', acn: '' }}
          nested={{ address: true, contacts: true }}
          submitLabel="Create legal entity"
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(created) => {
            enqueueSnackbar('Legal entity created.', { variant: 'success' });
            navigate(legalEntityPath(created as LegalEntity));
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}

/** `/legal-entities/<abbrId>`: the abbreviation, or the id. */
async function findLegalEntity(key: string, signal: AbortSignal): Promise<LegalEntity> {
  if (isUuid(key)) return call<LegalEntity>(baseEndpoints.legalEntities.get, { params: { id: key }, signal });
  const page = await call<{ results: LegalEntity[] }>(baseEndpoints.legalEntities.list, { query: { filters: JSON.stringify({ abbr: key }), limit: '1' }, signal });
  const found = page.results[0];
  if (!found) throw new ApiError(404, { detail: 'Not found.' });
  return found;
}

export function LegalEntityDetailPage() {
  const { abbrId = '' } = useParams();
  const navigate = useNavigate();
  const permissions = useModelPermissions('legalentity');
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const entity = useQuery({ queryKey: recordKeys.detail('legal-entities', abbrId), queryFn: ({ signal }) => findLegalEntity(abbrId, signal) });
  const data = entity.data;
  const id = data?.id ?? '';
  const save = useRecordMutation((values: Record<string, unknown>) => call<LegalEntity>(baseEndpoints.legalEntities.patch, { params: { id }, body: values }));
  const remove = useRecordMutation(() => call(baseEndpoints.legalEntities.delete, { params: { id } }));
  return (
    <RecordDetailFrame
      status={entity}
      title={data?.name ?? ''}
      subtitle={data && <RecordChips codes={[data.abbr]} />}
      listPath="/legal-entities"
      listTitle="Legal Entities"
      actions={
        data && (
          <RecordActions
            permissions={permissions}
            what={`legal entity ${data.name}`}
            listPath="/legal-entities"
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title="Edit legal entity"
                fields={fields}
                schema={legalEntityPatchSchema}
                defaultValues={valuesOf(data)}
                onSubmit={(values) => save.mutateAsync(values)}
                onSaved={(saved) => {
                  enqueueSnackbar('Legal entity saved.', { variant: 'success' });
                  close();
                  // A changed abbreviation changes the page's address.
                  const path = legalEntityPath(saved as LegalEntity);
                  if (path !== window.location.pathname) navigate(path, { replace: true });
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
                      { label: 'Name', value: data.name },
                      { label: 'Abbreviation', value: data.abbr },
                      { label: 'Search name', value: data.search_name },
                      { label: 'ABN', value: data.abn },
                      { label: 'ACN', value: data.acn },
                      { label: 'Primary email', value: data.primary_contacts.email },
                      { label: 'Primary phone', value: data.primary_contacts.phone },
                      { label: 'Primary address', value: data.primary_address ? [data.primary_address.street_address, data.primary_address.locality, data.primary_address.state, data.primary_address.postal_code].filter(Boolean).join(', ') : '' },
                      { label: 'Created', value: `${formatDate(data.created_at)}${data.created_by ? ` by ${data.created_by.full_name}` : ''}` },
                      { label: 'Updated', value: `${formatDate(data.updated_at)}${data.updated_by ? ` by ${data.updated_by.full_name}` : ''}` },
                    ]}
                  />
                ),
              },
              { id: 'addresses', label: 'Addresses', content: <OwnedRecordsTab kind="address" entity="legal-entities" ownerId={id} param="legal_entity_id" endpoints={baseEndpoints.legalEntityAddresses} permissions={permissions} /> },
              { id: 'contacts', label: 'Contacts', content: <OwnedRecordsTab kind="contact" entity="legal-entities" ownerId={id} param="legal_entity_id" endpoints={baseEndpoints.legalEntityContacts} permissions={permissions} /> },
              { id: 'history', label: 'History', content: <HistoryTab entity="legal-entities" id={id} endpoint={baseEndpoints.legalEntityHistory} /> },
            ]
          : []
      }
    />
  );
}
