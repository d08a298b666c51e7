import { Link as RouterLink } from 'react-router';
import { Link } from '@mui/material';
import type { z } from 'zod';
import type { brandSchema } from '@ops/contract/records/records.schemas';
import { operationsEndpoints } from '../../api/endpoint-routes';
import { brandListFields } from '../../api/list-fields';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { legalEntityPath } from '../legal-entities/LegalEntityPages';
import { LazyRecordDetailPage } from '../records/LazyRecordDetailPage';
import { formSchemasOf, type RecordEntity } from '../records/record-entity';
import { RecordListPage } from '../records/RecordListPage';
import { legalEntitySource } from '../records/relation-sources';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

type Brand = z.infer<typeof brandSchema>;

export const brandEntity: RecordEntity<Brand> = {
  endpoints: operationsEndpoints.brands,
  formSchemas: async () => formSchemasOf((await import('@ops/contract/records/records.endpoints')).operationsEndpoints.brands),
  history: operationsEndpoints.brandHistory,
  entity: 'brands',
  noun: 'brand',
  title: 'Brands',
  section: 'Operations',
  path: '/brands',
  pageKey: LIST_PAGE_KEYS['/brands'],
  columns: defineColumns<Brand>(brandListFields, [
    { field: 'name', sortable: true, width: 220 },
    { field: 'description', width: 320 },
    { field: 'legal_entity', relation: legalEntitySource, width: 260 },
    { field: 'created_at', headerName: 'Created', sortable: true, hidden: true },
  ]),
  fields: () => [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'legal_entity', label: 'Legal entity', kind: 'relation', source: legalEntitySource },
    { name: 'description', label: 'Description', kind: 'text', full: true },
  ],
  empty: { title: 'No brands yet', description: 'The brands your sites trade under are listed here.' },
  details: (data, { audit }) => [
    { label: 'Name', value: data.name },
    { label: 'Legal entity', value: data.legal_entity && <Link component={RouterLink} to={legalEntityPath(data.legal_entity)}>{data.legal_entity.name}</Link> },
    { label: 'Description', value: data.description, full: true },
    ...audit(data),
  ],
};

export const BrandListPage = () => <RecordListPage config={brandEntity} />;
export const BrandDetailPage = () => <LazyRecordDetailPage config={brandEntity} />;
