import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Alert, Box, Button, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import { baseEndpoints } from '@ops/contract/records/records.endpoints';
import { industryInputSchema, industryPatchSchema, industrySchema, nestedSubIndustryInputSchema, type subIndustrySchema } from '@ops/contract/records/records.schemas';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { PageLoading } from '../../shared/ui/PageLoading';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { ConfirmDeleteDialog } from '../records/components/ConfirmDeleteDialog';
import { HistoryTab } from '../records/components/HistoryTab';
import { RecordActions } from '../records/components/RecordActions';
import { FieldList, RecordDetailFrame, SectionHeader } from '../records/components/RecordDetailFrame';
import { RecordFormDialog, type FieldSpec } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, recordQuery, useRecordMutation } from '../records/records.queries';
import { legalEntitySource } from '../records/relation-sources';

type Industry = z.infer<typeof industrySchema>;
type SubIndustry = z.infer<typeof subIndustrySchema>;

const columns = defineColumns<Industry>(industrySchema, [
  { field: 'name', sortable: true, width: 260 },
  { field: 'sub_industries_count', headerName: 'Sub-industries', kind: undefined, width: 140 },
  { field: 'legal_entity', relation: legalEntitySource, width: 260 },
  { field: 'description', width: 320 },
  { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
]);

const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'legal_entity', label: 'Legal entity', kind: 'relation', source: legalEntitySource },
  { name: 'description', label: 'Description', kind: 'multiline' },
];

const subFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, full: true },
  { name: 'description', label: 'Description', kind: 'multiline' },
];

export function IndustryListPage() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const permissions = useModelPermissions('industry');
  const [creating, setCreating] = useState(false);
  const create = useRecordMutation((values: Record<string, unknown>) => call<Industry>(baseEndpoints.industries.create, { body: values }));
  const newButton = permissions.add && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New industry
    </Button>
  );
  return (
    <>
      <ListPage<Industry>
        pageKey="INDUSTRIES"
        title="Industries"
        subtitle="Organizations"
        source={{ key: recordKeys.entity('industries'), endpoint: baseEndpoints.industries.list }}
        columns={columns}
        rowHref={(row) => `/industries/${row.id}`}
        actions={newButton}
        exportName="industries"
        empty={{ title: 'No industries yet', description: 'Industries and their sub-industries classify clients and sites.', action: newButton }}
      />
      {creating && (
        <RecordFormDialog
          title="New industry"
          fields={fields}
          schema={industryInputSchema}
          defaultValues={{ name: '', description: '', legal_entity: null }}
          submitLabel="Create industry"
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(created) => {
            enqueueSnackbar('Industry created.', { variant: 'success' });
            navigate(`/industries/${(created as Industry).id}`);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}

function SubIndustries({ industryId }: { industryId: string }) {
  const permissions = useModelPermissions('subindustry');
  const { enqueueSnackbar } = useSnackbar();
  const params = { industry_id: industryId };
  const subs = useQuery({
    queryKey: recordKeys.related('industries', industryId, 'sub-industries'),
    queryFn: ({ signal }) => call<Paginated<SubIndustry>>(baseEndpoints.industrySubIndustries.list, { params, query: { limit: '500' }, signal }),
  });
  const [editing, setEditing] = useState<SubIndustry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SubIndustry | null>(null);
  const save = useRecordMutation((input: { id?: string; values: Record<string, unknown> }) =>
    input.id
      ? call(baseEndpoints.industrySubIndustries.patch, { params: { ...params, id: input.id }, body: input.values })
      : call(baseEndpoints.industrySubIndustries.create, { params, body: input.values }),
  );
  const remove = useRecordMutation((id: string) => call(baseEndpoints.industrySubIndustries.delete, { params: { ...params, id } }));
  if (subs.isPending) return <PageLoading />;
  if (subs.isError) return <Alert severity="error">The sub-industries could not be loaded.</Alert>;
  const list = subs.data.results;
  return (
    <Box>
      <SectionHeader
        title="Sub-industries"
        action={
          permissions.add && (
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add sub-industry
            </Button>
          )
        }
      />
      {list.length === 0 ? (
        <Typography color="text.secondary">No sub-industries yet.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Sub-industries">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Description</TableCell>
                {(permissions.change || permissions.delete) && <TableCell align="right">Actions</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((sub) => (
                <TableRow key={sub.id}>
                  <TableCell sx={{ fontWeight: 500 }}>{sub.name}</TableCell>
                  <TableCell>{sub.description || '—'}</TableCell>
                  {(permissions.change || permissions.delete) && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {permissions.change && (
                        <IconButton size="small" aria-label={`Edit ${sub.name}`} onClick={() => setEditing(sub)}>
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                      )}
                      {permissions.delete && (
                        <IconButton size="small" aria-label={`Delete ${sub.name}`} onClick={() => setDeleting(sub)}>
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <RecordFormDialog
          title={editing === 'new' ? 'Add sub-industry' : 'Edit sub-industry'}
          fields={subFields}
          schema={nestedSubIndustryInputSchema}
          defaultValues={editing === 'new' ? { name: '', description: '' } : { name: editing.name, description: editing.description }}
          onSubmit={(values) => save.mutateAsync({ id: editing === 'new' ? undefined : editing.id, values })}
          onSaved={() => {
            enqueueSnackbar(editing === 'new' ? 'Sub-industry added.' : 'Sub-industry saved.', { variant: 'success' });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          what={`sub-industry ${deleting.name}`}
          onConfirm={() => remove.mutateAsync(deleting.id)}
          onDeleted={() => {
            enqueueSnackbar('Sub-industry deleted.', { variant: 'success' });
            setDeleting(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}

export function IndustryDetailPage() {
  const { industryId = '' } = useParams();
  const id = industryId;
  const permissions = useModelPermissions('industry');
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const industry = useQuery(recordQuery('industries', baseEndpoints.industries.get, id));
  const save = useRecordMutation((values: Record<string, unknown>) => call(baseEndpoints.industries.patch, { params: { id }, body: values }));
  const remove = useRecordMutation(() => call(baseEndpoints.industries.delete, { params: { id } }));
  const data = industry.data;
  return (
    <RecordDetailFrame
      status={industry}
      title={data?.name ?? ''}
      subtitle={data ? `${data.sub_industries_count} sub-industr${data.sub_industries_count === 1 ? 'y' : 'ies'}` : undefined}
      listPath="/industries"
      listTitle="Industries"
      actions={
        data && (
          <RecordActions
            permissions={permissions}
            what={`industry ${data.name}`}
            listPath="/industries"
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title="Edit industry"
                fields={fields}
                schema={industryPatchSchema}
                defaultValues={{ name: data.name, description: data.description, legal_entity: data.legal_entity?.id ?? null }}
                onSubmit={(values) => save.mutateAsync(values)}
                onSaved={() => {
                  enqueueSnackbar('Industry saved.', { variant: 'success' });
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
              { id: 'sub-industries', label: 'Sub-industries', content: <SubIndustries industryId={id} /> },
              {
                id: 'details',
                label: 'Details',
                content: (
                  <FieldList
                    items={[
                      { label: 'Name', value: data.name },
                      { label: 'Legal entity', value: data.legal_entity?.name },
                      { label: 'Description', value: data.description, full: true },
                      { label: 'Created', value: `${formatDate(data.created_at)}${data.created_by ? ` by ${data.created_by.full_name}` : ''}` },
                      { label: 'Updated', value: `${formatDate(data.updated_at)}${data.updated_by ? ` by ${data.updated_by.full_name}` : ''}` },
                    ]}
                  />
                ),
              },
              { id: 'history', label: 'History', content: <HistoryTab entity="industries" id={id} endpoint={baseEndpoints.industryHistory} /> },
            ]
          : []
      }
    />
  );
}
