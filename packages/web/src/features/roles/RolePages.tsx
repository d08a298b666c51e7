import { lazy, Suspense } from 'react';
import type { z } from 'zod';
import type { roleSchema } from '@ops/contract/records/records.schemas';
import { accountsEndpoints, operationsEndpoints } from '../../api/endpoint-routes';
import { roleListFields } from '../../api/list-fields';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { PageLoading } from '../../shared/ui/PageLoading';
import { LazyRecordDetailPage } from '../records/LazyRecordDetailPage';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { RecordListPage } from '../records/RecordListPage';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

type Role = z.infer<typeof roleSchema>;
type Kind = 'client' | 'operation';

const ENTITIES = { client: 'client-roles', operation: 'operation-roles' } as const;
// The record page's relations tab loads when shown: the list page shares this module.
const RoleRelations = lazy(async () => ({ default: (await import('./RoleRelations')).RoleRelations }));

function roleEntity(kind: Kind, config: Pick<RecordEntity<Role>, 'endpoints' | 'formSchemas' | 'noun' | 'title' | 'section' | 'path' | 'pageKey'>): RecordEntity<Role> {
  return {
    ...config,
    entity: ENTITIES[kind],
    shortNoun: 'role',
    columns: defineColumns<Role>(roleListFields, [
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
    tabs: (_data, { details }, { id }) => [
      details,
      {
        id: 'relations',
        label: 'Contact relations',
        content: (
          <Suspense fallback={<PageLoading />}>
            <RoleRelations kind={kind} id={id} />
          </Suspense>
        ),
      },
    ],
  };
}

export const clientRoleEntity = roleEntity('client', {
  endpoints: accountsEndpoints.roles,
  formSchemas: async () => formSchemasOf((await import('@ops/contract/records/records.endpoints')).accountsEndpoints.roles),
  noun: 'client contact role',
  title: 'Client Contact Roles',
  section: 'Accounts',
  path: '/roles',
  pageKey: LIST_PAGE_KEYS['/roles'],
});
export const operationRoleEntity = roleEntity('operation', {
  endpoints: operationsEndpoints.roles,
  formSchemas: async () => formSchemasOf((await import('@ops/contract/records/records.endpoints')).operationsEndpoints.roles),
  noun: 'operation role',
  title: 'Operation Roles',
  section: 'Operations',
  path: '/operation-roles',
  pageKey: LIST_PAGE_KEYS['/operation-roles'],
});

export const ClientRoleListPage = () => <RecordListPage config={clientRoleEntity} />;
export const ClientRoleDetailPage = () => <LazyRecordDetailPage config={clientRoleEntity} />;
export const OperationRoleListPage = () => <RecordListPage config={operationRoleEntity} />;
export const OperationRoleDetailPage = () => <LazyRecordDetailPage config={operationRoleEntity} />;
