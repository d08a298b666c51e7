import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import type { subIndustrySchema } from '@ops/contract/records/records.schemas';
import { baseEndpoints } from '../../api/endpoint-routes';
import { PageLoading } from '../../shared/ui/PageLoading';
import { SectionHeader } from '../records/components/RecordDetailFrame';
import type { FieldSpec } from '../records/components/RecordFormDialog';
import { RowActions, RowDialogs, useRowEditor } from '../records/components/RowDialogs';
import { useModelPermissions } from '../records/permissions';
import { call, recordKeys } from '../records/records.queries';
import { formValuesOf } from '../records/record-values';

type SubIndustry = z.infer<typeof subIndustrySchema>;

const subFields: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text', required: true, full: true },
  { name: 'description', label: 'Description', kind: 'multiline' },
];

/** An industry's record page tab: its sub-industries, added, edited and deleted in place (`IndustryPages.tsx` loads it when shown). */
export function SubIndustries({ industryId }: { industryId: string }) {
  const permissions = useModelPermissions('subindustry');
  const params = { industry_id: industryId };
  const subs = useQuery({
    queryKey: recordKeys.related('industries', industryId, 'sub-industries'),
    queryFn: ({ signal }) =>
      call<Paginated<SubIndustry>>(baseEndpoints.industrySubIndustries.list, { params, query: { limit: '500' }, signal }),
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
                      <RowActions
                        permissions={permissions}
                        name={sub.name}
                        onEdit={() => editor.edit(sub)}
                        onDelete={() => editor.remove(sub)}
                      />
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
        schema={async () => (await import('@ops/contract/records/records.schemas')).nestedSubIndustryInputSchema}
        valuesOf={(row) => formValuesOf(subFields, row)}
        endpoints={baseEndpoints.industrySubIndustries}
        params={params}
        what={(row) => `sub-industry ${row.name}`}
      />
    </Box>
  );
}
