import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import { accountsEndpoints, operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { roleSchema, type contactRelationSchema, type costCentreRelationSchema } from '@ops/contract/records/records.schemas';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { PageLoading } from '../../shared/ui/PageLoading';
import { SectionHeader } from '../records/components/RecordDetailFrame';
import { RecordDetailPage, type RecordEntity } from '../records/RecordPages';
import { RecordListPage } from '../records/RecordListPage';
import { call, recordKeys } from '../records/records.queries';

type Role = z.infer<typeof roleSchema>;
type Kind = 'client' | 'operation';

const RELATIONS = {
  client: { relations: accountsEndpoints.roleRelations, entity: 'client-roles' },
  operation: { relations: operationsEndpoints.roleRelations, entity: 'operation-roles' },
} as const;

function roleEntity(kind: Kind, config: Pick<RecordEntity<Role>, 'endpoints' | 'noun' | 'title' | 'section' | 'path' | 'pageKey'>): RecordEntity<Role> {
  return {
    ...config,
    entity: RELATIONS[kind].entity,
    shortNoun: 'role',
    columns: defineColumns<Role>(roleSchema, [
      { field: 'role', sortable: true, width: 260 },
      { field: 'responsibility', width: 360 },
      { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
    ]),
    fields: () => [
      { name: 'role', label: 'Role', kind: 'text', required: true, full: true },
      { name: 'responsibility', label: 'Responsibility', kind: 'text', full: true },
    ],
    empty: { title: 'No roles yet', description: 'Roles name what a contact does in a relation.' },
    titleOf: (data) => data.role,
    subtitleOf: () => config.title,
    details: (data, { audit }) => [{ label: 'Role', value: data.role }, { label: 'Responsibility', value: data.responsibility }, ...audit(data)],
    tabs: (_data, { details }, { id }) => [details, { id: 'relations', label: 'Contact relations', content: <RoleRelations kind={kind} id={id} /> }],
  };
}

export const clientRoleEntity = roleEntity('client', { endpoints: accountsEndpoints.roles, noun: 'client contact role', title: 'Client Contact Roles', section: 'Accounts', path: '/roles', pageKey: 'CLIENT-CONTACT-ROLES' });
export const operationRoleEntity = roleEntity('operation', { endpoints: operationsEndpoints.roles, noun: 'operation role', title: 'Operation Roles', section: 'Operations', path: '/operation-roles', pageKey: 'OPERATION-ROLES' });

export const ClientRoleListPage = () => <RecordListPage config={clientRoleEntity} />;
export const ClientRoleDetailPage = () => <RecordDetailPage config={clientRoleEntity} />;
export const OperationRoleListPage = () => <RecordListPage config={operationRoleEntity} />;
export const OperationRoleDetailPage = () => <RecordDetailPage config={operationRoleEntity} />;

function RoleRelations({ kind, id }: { kind: Kind; id: string }) {
  const config = RELATIONS[kind];
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
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{relation.start_date ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{relation.end_date ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
