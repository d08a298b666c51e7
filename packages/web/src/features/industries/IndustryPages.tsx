import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import { baseEndpoints } from '@ops/contract/records/records.endpoints';
import { industrySchema, nestedSubIndustryInputSchema, type subIndustrySchema } from '@ops/contract/records/records.schemas';
import { defineColumns } from '../../shared/ui/list-page/list-columns';
import { PageLoading } from '../../shared/ui/PageLoading';
import { SectionHeader } from '../records/components/RecordDetailFrame';
import type { FieldSpec } from '../records/components/RecordFormDialog';
import { RowActions, RowDialogs, useRowEditor } from '../records/components/RowDialogs';
import { useModelPermissions } from '../records/permissions';
import { RecordDetailPage, type RecordEntity } from '../records/RecordPages';
import { RecordListPage } from '../records/RecordListPage';
import { call, recordKeys } from '../records/records.queries';
import { formValuesOf } from '../records/record-values';
import { legalEntitySource } from '../records/relation-sources';

type Industry = z.infer<typeof industrySchema>;
type SubIndustry = z.infer<typeof subIndustrySchema>;

const subFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, full: true },
  { name: 'description', label: 'Description', kind: 'multiline' },
];

export const industryEntity: RecordEntity<Industry> = {
  endpoints: baseEndpoints.industries,
  history: baseEndpoints.industryHistory,
  entity: 'industries',
  noun: 'industry',
  title: 'Industries',
  section: 'Organizations',
  path: '/industries',
  pageKey: 'INDUSTRIES',
  routeParam: 'industryId',
  columns: defineColumns<Industry>(industrySchema, [
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
  tabs: (_data, { details, history }, { id }) => [{ id: 'sub-industries', label: 'Sub-industries', content: <SubIndustries industryId={id} /> }, details, history],
};

export const IndustryListPage = () => <RecordListPage config={industryEntity} />;
export const IndustryDetailPage = () => <RecordDetailPage config={industryEntity} />;

function SubIndustries({ industryId }: { industryId: string }) {
  const permissions = useModelPermissions('subindustry');
  const params = { industry_id: industryId };
  const subs = useQuery({
    queryKey: recordKeys.related('industries', industryId, 'sub-industries'),
    queryFn: ({ signal }) => call<Paginated<SubIndustry>>(baseEndpoints.industrySubIndustries.list, { params, query: { limit: '500' }, signal }),
  });
  const editor = useRowEditor<SubIndustry>();
  if (subs.isPending) return <PageLoading />;
  if (subs.isError) return <Alert severity="error">The sub-industries could not be loaded.</Alert>;
  const list = subs.data.results;
  return (
    <Box>
      <SectionHeader
        title="Sub-industries"
        action={
          permissions.add && (
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={editor.add}>
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
                      <RowActions permissions={permissions} name={sub.name} onEdit={() => editor.edit(sub)} onDelete={() => editor.remove(sub)} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <RowDialogs
        editor={editor}
        noun="sub-industry"
        fields={subFields}
        schema={nestedSubIndustryInputSchema}
        valuesOf={(row) => formValuesOf(subFields, row)}
        endpoints={baseEndpoints.industrySubIndustries}
        params={params}
        what={(row) => `sub-industry ${row.name}`}
      />
    </Box>
  );
}
