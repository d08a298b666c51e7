import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  CardContent,
  Chip,
  Link,
  Pagination,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { allocationsEndpoints } from '../../api/endpoint-routes';
import type { AllocationDrift } from '@ops/contract/identity/allocations.schemas';
import type { Paginated } from '@ops/contract/common/pagination';
import { PageLoading } from '../../shared/ui/PageLoading';
import { call } from '../records/records.queries';
import { allocationKeys, SOURCE_LABELS } from './allocations';

const DRIFT_PAGE = 25;
const DRIFT_LABELS = {
  MISSING_MANUAL: 'Derived, not allocated',
  NOT_DERIVED: 'Allocated, not derived',
} as const;

/** Where manual allocations and those the payroll and directory syncs derive disagree, a page at a time. */
export function DriftReport() {
  const [page, setPage] = useState(1);
  const drift = useQuery({
    queryKey: allocationKeys.drift(page),
    queryFn: ({ signal }) =>
      call<Paginated<AllocationDrift>>(allocationsEndpoints.drift, {
        query: { limit: String(DRIFT_PAGE), offset: String((page - 1) * DRIFT_PAGE) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  if (drift.isPending) return <PageLoading />;
  if (drift.isError) return <Alert severity="error">The drift report could not be loaded.</Alert>;
  const { results, count } = drift.data;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Where the allocations an administrator set and those the payroll and directory syncs derive from each person&apos;s cost
          centre disagree.
        </Typography>
        {count === 0 ? (
          <Alert severity="success">Manual and derived allocations agree.</Alert>
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label="Allocation drift">
                <TableHead>
                  <TableRow>
                    <TableCell>User</TableCell>
                    <TableCell>Cost centre</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Disagreement</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>Derived by</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {results.map((row) => (
                    <TableRow key={`${row.user.id}-${row.cost_centre.id}-${row.kind}`}>
                      <TableCell>
                        {row.user.full_name}
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                          {row.user.email}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/cost-center/${row.cost_centre.id}`}>
                          {row.cost_centre.name}
                        </Link>
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {row.cost_centre.code}
                        </Typography>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={row.kind === 'MISSING_MANUAL' ? 'warning' : 'info'}
                          label={DRIFT_LABELS[row.kind]}
                          sx={{ display: { xs: 'inline-flex', sm: 'none' }, mt: 0.5 }}
                        />
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        <Chip
                          size="small"
                          variant="outlined"
                          color={row.kind === 'MISSING_MANUAL' ? 'warning' : 'info'}
                          label={DRIFT_LABELS[row.kind]}
                        />
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {row.derived_by.length ? row.derived_by.map((source) => SOURCE_LABELS[source]).join(', ') : '—'}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            {count > DRIFT_PAGE && (
              <Pagination
                sx={{ mt: 2 }}
                count={Math.ceil(count / DRIFT_PAGE)}
                page={page}
                onChange={(_, next) => setPage(next)}
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
