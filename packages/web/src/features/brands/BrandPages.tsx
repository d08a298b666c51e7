import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Button, Link } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import { operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { brandInputSchema, brandPatchSchema, brandSchema } from '@ops/contract/records/records.schemas';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { HistoryTab } from '../records/components/HistoryTab';
import { RecordActions } from '../records/components/RecordActions';
import { FieldList, RecordDetailFrame } from '../records/components/RecordDetailFrame';
import { RecordFormDialog, type FieldSpec } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, recordQuery, useRecordMutation } from '../records/records.queries';
import { legalEntitySource } from '../records/relation-sources';

type Brand = z.infer<typeof brandSchema>;

const columns = defineColumns<Brand>(brandSchema, [
  { field: 'name', sortable: true, width: 220 },
  { field: 'description', width: 320 },
  { field: 'legal_entity', relation: legalEntitySource, width: 260 },
  { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
]);

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'legal_entity', label: 'Legal entity', kind: 'relation', source: legalEntitySource },
  { name: 'description', label: 'Description', kind: 'text', full: true },
];

export function BrandListPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const permissions = useModelPermissions('brand');
  const [creating, setCreating] = useState(false);
  const create = useRecordMutation((values: Record<string, unknown>) => call<Brand>(operationsEndpoints.brands.create, { body: values }));
  const newButton = permissions.add && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New brand
    </Button>
  );
  return (
    <>
      <ListPage<Brand>
        pageKey="BRANDS"
        title="Brands"
        subtitle="Operations"
        source={{ key: recordKeys.entity('brands'), endpoint: operationsEndpoints.brands.list }}
        columns={columns}
        rowHref={(row) => `/brands/${row.id}`}
        actions={newButton}
        exportName="brands"
        empty={{ title: 'No brands yet', description: 'The brands your sites trade under are listed here.', action: newButton }}
      />
      {creating && (
        <RecordFormDialog
          title="New brand"
          fields={fields}
          schema={brandInputSchema}
          defaultValues={{ name: '', description: '', legal_entity: null }}
          submitLabel="Create brand"
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(created) => {
            enqueueSnackbar('Brand created.', { variant: 'success' });
            navigate(`/brands/${(created as Brand).id}`);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}

export function BrandDetailPage() {
  const { id = '' } = useParams();
  const permissions = useModelPermissions('brand');
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const brand = useQuery(recordQuery('brands', operationsEndpoints.brands.get, id));
  const save = useRecordMutation((values: Record<string, unknown>) => call(operationsEndpoints.brands.patch, { params: { id }, body: values }));
  const remove = useRecordMutation(() => call(operationsEndpoints.brands.delete, { params: { id } }));
  const data = brand.data;
  return (
    <RecordDetailFrame
      status={brand}
      title={data?.name ?? ''}
      subtitle="Brand"
      listPath="/brands"
      listTitle="Brands"
      actions={
        data && (
          <RecordActions
            permissions={permissions}
            what={`brand ${data.name}`}
            listPath="/brands"
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title="Edit brand"
                fields={fields}
                schema={brandPatchSchema}
                defaultValues={{ name: data.name, description: data.description, legal_entity: data.legal_entity?.id ?? null }}
                onSubmit={(values) => save.mutateAsync(values)}
                onSaved={() => {
                  enqueueSnackbar('Brand saved.', { variant: 'success' });
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
                      { label: 'Name', value: data.name },
                      { label: 'Legal entity', value: data.legal_entity && <Link component={RouterLink} to={`/legal-entities/${data.legal_entity.abbr ?? data.legal_entity.id}`}>{data.legal_entity.name}</Link> },
                      { label: 'Description', value: data.description, full: true },
                      { label: 'Created', value: `${formatDate(data.created_at)}${data.created_by ? ` by ${data.created_by.full_name}` : ''}` },
                      { label: 'Updated', value: `${formatDate(data.updated_at)}${data.updated_by ? ` by ${data.updated_by.full_name}` : ''}` },
                    ]}
                  />
                ),
              },
              { id: 'history', label: 'History', content: <HistoryTab entity="brands" id={id} endpoint={operationsEndpoints.brandHistory} /> },
            ]
          : []
      }
    />
  );
}
