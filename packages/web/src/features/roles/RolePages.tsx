import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Alert, Button, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import { accountsEndpoints, operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { roleInputSchema, rolePatchSchema, roleSchema, type contactRelationSchema, type costCentreRelationSchema } from '@ops/contract/records/records.schemas';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { PageLoading } from '../../shared/ui/PageLoading';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { RecordActions } from '../records/components/RecordActions';
import { FieldList, RecordDetailFrame, SectionHeader } from '../records/components/RecordDetailFrame';
import { RecordFormDialog, type FieldSpec } from '../records/components/RecordFormDialog';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys, recordQuery, useRecordMutation } from '../records/records.queries';

type Role = z.infer<typeof roleSchema>;
type Kind = 'client' | 'operation';

const KINDS = {
  client: { endpoints: accountsEndpoints.roles, relations: accountsEndpoints.roleRelations, model: 'clientcontactrole', path: '/roles', title: 'Client Contact Roles', section: 'Accounts', noun: 'client contact role', pageKey: 'CLIENT-CONTACT-ROLES', entity: 'client-roles' },
  operation: { endpoints: operationsEndpoints.roles, relations: operationsEndpoints.roleRelations, model: 'operationcontactrole', path: '/operation-roles', title: 'Operation Roles', section: 'Operations', noun: 'operation role', pageKey: 'OPERATION-ROLES', entity: 'operation-roles' },
} as const;

const columns = defineColumns<Role>(roleSchema, [
  { field: 'role', sortable: true, width: 260 },
  { field: 'responsibility', width: 360 },
  { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
]);

const fields: FieldSpec[] = [
  { name: 'role', label: 'Role', kind: 'text', required: true, full: true },
  { name: 'responsibility', label: 'Responsibility', kind: 'text', full: true },
];

export function RoleListPage({ kind }: { kind: Kind }) {
  const config = KINDS[kind];
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const permissions = useModelPermissions(config.model);
  const [creating, setCreating] = useState(false);
  const create = useRecordMutation((values: Record<string, unknown>) => call<Role>(config.endpoints.create, { body: values }));
  const newButton = permissions.add && (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      New role
    </Button>
  );
  return (
    <>
      <ListPage<Role>
        pageKey={config.pageKey}
        title={config.title}
        subtitle={config.section}
        source={{ key: recordKeys.entity(config.entity), endpoint: config.endpoints.list }}
        columns={columns}
        rowHref={(row) => `${config.path}/${row.id}`}
        actions={newButton}
        exportName={config.entity}
        empty={{ title: 'No roles yet', description: `Roles name what a contact does in a relation.`, action: newButton }}
      />
      {creating && (
        <RecordFormDialog
          title={`New ${config.noun}`}
          fields={fields}
          schema={roleInputSchema}
          defaultValues={{ role: '', responsibility: '' }}
          submitLabel="Create role"
          onSubmit={(values) => create.mutateAsync(values)}
          onSaved={(created) => {
            enqueueSnackbar('Role created.', { variant: 'success' });
            navigate(`${config.path}/${(created as Role).id}`);
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </>
  );
}

function RoleRelations({ kind, id }: { kind: Kind; id: string }) {
  const config = KINDS[kind];
  const relations = useQuery({
    queryKey: recordKeys.related(config.entity, id, 'contact-relations'),
    queryFn: ({ signal }) => call<Paginated<z.infer<typeof contactRelationSchema> | z.infer<typeof costCentreRelationSchema>>>(config.relations, { params: { id }, query: { limit: '200' }, signal }),
  });
  if (relations.isPending) return <PageLoading />;
  if (relations.isError) return <Alert severity="error">The relations could not be loaded.</Alert>;
  const list = relations.data.results;
  return (
    <>
      <SectionHeader title="Contact relations with this role" />
      {list.length === 0 ? (
        <Typography color="text.secondary">No contact relation holds this role.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Contact relations with this role">
            <TableHead>
              <TableRow>
                <TableCell>{kind === 'client' ? 'Client' : 'Cost centre'}</TableCell>
                <TableCell>{kind === 'client' ? 'Contact person' : 'User'}</TableCell>
                <TableCell>Start</TableCell>
                <TableCell>End</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((relation) => (
                <TableRow key={relation.id}>
                  {'client' in relation ? (
                    <>
                      <TableCell>
                        <Link component={RouterLink} to={`/clients/${relation.client.id}`}>{relation.client.name}</Link>
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/contact-person/${relation.contact_person.id}`}>{relation.contact_person.full_name}</Link>
                      </TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell>
                        <Link component={RouterLink} to={`/cost-center/${relation.cost_centre.id}`}>{relation.cost_centre.name}</Link>
                      </TableCell>
                      <TableCell>{relation.contact_person.full_name}</TableCell>
                    </>
                  )}
                  <TableCell>{relation.start_date ?? '—'}</TableCell>
                  <TableCell>{relation.end_date ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

export function RoleDetailPage({ kind }: { kind: Kind }) {
  const config = KINDS[kind];
  const { id = '' } = useParams();
  const permissions = useModelPermissions(config.model);
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const role = useQuery(recordQuery(config.entity, config.endpoints.get, id));
  const save = useRecordMutation((values: Record<string, unknown>) => call(config.endpoints.patch, { params: { id }, body: values }));
  const remove = useRecordMutation(() => call(config.endpoints.delete, { params: { id } }));
  const data = role.data;
  return (
    <RecordDetailFrame
      status={role}
      title={data?.role ?? ''}
      subtitle={config.title}
      listPath={config.path}
      listTitle={config.title}
      actions={
        data && (
          <RecordActions
            permissions={permissions}
            what={`role ${data.role}`}
            listPath={config.path}
            onDelete={() => remove.mutateAsync()}
            editForm={(close) => (
              <RecordFormDialog
                title="Edit role"
                fields={fields}
                schema={rolePatchSchema}
                defaultValues={{ role: data.role, responsibility: data.responsibility }}
                onSubmit={(values) => save.mutateAsync(values)}
                onSaved={() => {
                  enqueueSnackbar('Role saved.', { variant: 'success' });
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
                      { label: 'Role', value: data.role },
                      { label: 'Responsibility', value: data.responsibility },
                      { label: 'Created', value: `${formatDate(data.created_at)}${data.created_by ? ` by ${data.created_by.full_name}` : ''}` },
                      { label: 'Updated', value: `${formatDate(data.updated_at)}${data.updated_by ? ` by ${data.updated_by.full_name}` : ''}` },
                    ]}
                  />
                ),
              },
              { id: 'relations', label: 'Contact relations', content: <RoleRelations kind={kind} id={id} /> },
            ]
          : []
      }
    />
  );
}

export const ClientRoleListPage = () => <RoleListPage kind="client" />;
export const ClientRoleDetailPage = () => <RoleDetailPage kind="client" />;
export const OperationRoleListPage = () => <RoleListPage kind="operation" />;
export const OperationRoleDetailPage = () => <RoleDetailPage kind="operation" />;
