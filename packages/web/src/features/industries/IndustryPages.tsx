import { lazy, Suspense } from 'react';
import type { z } from 'zod';
import type { industrySchema } from '@ops/contract/records/records.schemas';
import { baseEndpoints } from '../../api/endpoint-routes';
import { industryListFields } from '../../api/list-fields';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { PageLoading } from '../../shared/ui/PageLoading';
import { LazyRecordDetailPage } from '../records/LazyRecordDetailPage';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { RecordListPage } from '../records/RecordListPage';
import { legalEntitySource } from '../records/relation-sources';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

type Industry = z.infer<typeof industrySchema>;
// The record page's sub-industries tab loads when shown: the list page shares this module.
const SubIndustries = lazy(async () => ({ default: (await import('./SubIndustries')).SubIndustries }));


export const industryEntity: RecordEntity<Industry> = {
  endpoints: baseEndpoints.industries,
  formSchemas: async () => formSchemasOf((await import('@ops/contract/records/records.endpoints')).baseEndpoints.industries),
  history: baseEndpoints.industryHistory,
  entity: 'industries',
  noun: 'industry',
  title: 'Industries',
  section: 'Organizations',
  path: '/industries',
  pageKey: LIST_PAGE_KEYS['/industries'],
  routeParam: 'industryId',
  columns: defineColumns<Industry>(industryListFields, [
    { field: 'name', sortable: true, width: 260 },
    { field: 'sub_industries_count', headerName: 'Sub-industries', kind: undefined, width: 140 },
    { field: 'legal_entity', relation: legalEntitySource, width: 260 },
    { field: 'description', width: 320 },
    { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
  ]),
  fields: () => [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'legal_entity', label: 'Legal entity', kind: 'relation', source: legalEntitySource },
    { name: 'description', label: 'Description', kind: 'multiline' },
  ],
  empty: { title: 'No industries yet', description: 'Industries and their sub-industries classify clients and sites.' },
  subtitleOf: (data) => `${data.sub_industries_count} sub-industr${data.sub_industries_count === 1 ? 'y' : 'ies'}`,
  details: (data, { audit }) => [
    { label: 'Name', value: data.name },
    { label: 'Legal entity', value: data.legal_entity?.name },
    { label: 'Description', value: data.description, full: true },
    ...audit(data),
  ],
  tabs: (_data, { details, history }, { id }) => [
    {
      id: 'sub-industries',
      label: 'Sub-industries',
      content: (
        <Suspense fallback={<PageLoading />}>
          <SubIndustries industryId={id} />
        </Suspense>
      ),
    },
    details,
    history,
  ],
};

export const IndustryListPage = () => <RecordListPage config={industryEntity} />;
export const IndustryDetailPage = () => <LazyRecordDetailPage config={industryEntity} />;
