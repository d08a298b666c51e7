import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { z } from 'zod';
import type { Paginated } from '@ops/contract/common/pagination';
import type { contactRelationSchema, costCentreRelationSchema } from '@ops/contract/records/records.schemas';
import { accountsEndpoints, operationsEndpoints } from '../../api/endpoint-routes';
import { PageLoading } from '../../shared/ui/PageLoading';
import { SectionHeader } from '../records/components/RecordDetailFrame';
import { call, recordKeys } from '../records/records.queries';

type Kind = 'client' | 'operation';

const RELATIONS = {
  client: { relations: accountsEndpoints.roleRelations, entity: 'client-roles' },
  operation: { relations: operationsEndpoints.roleRelations, entity: 'operation-roles' },
} as const;

/** A role's record page tab: the contact relations holding the role (`RolePages.tsx` loads it when shown). */
export function RoleRelations({ kind, id }: { kind: Kind; id: string }) {
  const config = RELATIONS[kind];
  const relations = useQuery({
    queryKey: recordKeys.related(config.entity, id, 'contact-relations'),
    queryFn: ({ signal }) =>
      call<Paginated<z.infer<typeof contactRelationSchema> | z.infer<typeof costCentreRelationSchema>>>(config.relations, {
        params: { id },
        query: { limit: '200' },
        signal,
      }),
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
                        <Link component={RouterLink} to={`/clients/${relation.client.id}`}>
                          {relation.client.name}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/contact-person/${relation.contact_person.id}`}>
                          {relation.contact_person.full_name}
                        </Link>
                      </TableCell>
                    </>
                  ) : (
                    <>
                      <TableCell>
                        <Link component={RouterLink} to={`/cost-center/${relation.cost_centre.id}`}>
                          {relation.cost_centre.name}
                        </Link>
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
