import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Link,
  MenuItem,
  Pagination,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { allocationsEndpoints } from '@ops/contract/identity/allocations.endpoints';
import type { Allocation, AllocationDrift } from '@ops/contract/identity/allocations.schemas';
import type { Paginated } from '@ops/contract/common/pagination';
import { accountsEndpoints, operationsEndpoints } from '@ops/contract/records/records.endpoints';
import { ApiError } from '../../api/http-client';
import { PageFrame } from '../../shared/ui/PageFrame';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ConfirmDialog } from '../../shared/ui/LazyConfirmDialog';
import { RelationPicker } from '../../shared/ui/list-page/RelationPicker';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { UserPicker } from '../users/UserPicker';
import type { UserWithEmail } from '../users/users.queries';
import { useModelPermissions } from '../records/permissions';
import { call } from '../records/records.queries';
import { clientSource, costCentreSource, legalEntitySource } from '../records/relation-sources';

type Target = 'legal_entity' | 'client' | 'cost_centre';
const TARGETS: { value: Target; label: string }[] = [
  { value: 'legal_entity', label: 'Legal entity' },
  { value: 'client', label: 'Client' },
  { value: 'cost_centre', label: 'Cost centre' },
];
const SOURCE_LABELS = { MANUAL: 'Manual', PAYROLL: 'Payroll', DIRECTORY: 'Directory' } as const;
const allocationKeys = {
  all: ['identity', 'allocations'] as const,
  ofUser: (userId: string) => [...allocationKeys.all, 'user', userId] as const,
  drift: (page: number) => [...allocationKeys.all, 'drift', page] as const,
};

function targetOf(allocation: Allocation): { kind: string; name: string; href: string } {
  if (allocation.legal_entity)
    return { kind: 'Legal entity', name: allocation.legal_entity.name, href: `/legal-entities/${allocation.legal_entity.id}` };
  if (allocation.client) return { kind: 'Client', name: allocation.client.name, href: `/clients/${allocation.client.id}` };
  const centre = allocation.cost_centre!;
  return { kind: 'Cost centre', name: `${centre.name} · ${centre.code}`, href: `/cost-center/${centre.id}` };
}

/** Records the user holds through a legal entity (its clients) or a client (its cost centres). */
function Inherited({ allocations }: { allocations: Allocation[] }) {
  const entities = allocations.filter((a) => a.legal_entity).map((a) => a.legal_entity!.id);
  const directClients = allocations.filter((a) => a.client).map((a) => a.client!.id);
  const clients = useQuery({
    queryKey: ['identity', 'allocations', 'inherited-clients', entities],
    queryFn: ({ signal }) =>
      call<Paginated<{ id: string; name: string; account_number: string }>>(accountsEndpoints.clients.list, {
        query: { filters: JSON.stringify({ legal_entity__in: entities }), limit: '100' },
        signal,
      }),
    enabled: entities.length > 0,
  });
  const clientIds = [...new Set([...directClients, ...(clients.data?.results.map((c) => c.id) ?? [])])];
  const centres = useQuery({
    queryKey: ['identity', 'allocations', 'inherited-cost-centres', clientIds, entities],
    queryFn: ({ signal }) =>
      call<Paginated<{ id: string; name: string; code: string }>>(operationsEndpoints.costCentres.list, {
        query: {
          filters: JSON.stringify(clientIds.length ? { client__in: clientIds } : { legal_entity__in: entities }),
          limit: '100',
        },
        signal,
      }),
    enabled: clientIds.length > 0 || (entities.length > 0 && clients.isSuccess),
  });
  if (!entities.length && !directClients.length)
    return <Typography color="text.secondary">Nothing inherited: no legal entity or client is allocated.</Typography>;
  const group = (
    title: string,
    count: number | undefined,
    items: { id: string; label: string; href: string }[] | undefined,
    failed: boolean,
  ) => (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title} {count !== undefined && <Chip size="small" label={count} sx={{ ml: 0.5 }} />}
      </Typography>
      {failed ? (
        <Alert severity="error">These records could not be loaded.</Alert>
      ) : items === undefined ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">None</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {items.map((item) => (
            <Box component="li" key={item.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 1.25, py: 0.25 }}>
              <Link component={RouterLink} to={item.href} underline="hover" variant="body2">
                {item.label}
              </Link>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
  return (
    <Stack spacing={2}>
      {entities.length > 0 &&
        group(
          'Clients through legal entities',
          clients.data?.count,
          clients.data?.results.map((c) => ({ id: c.id, label: c.name, href: `/clients/${c.id}` })),
          clients.isError,
        )}
      {group(
        'Cost centres through clients and legal entities',
        centres.data?.count,
        centres.data?.results.map((c) => ({ id: c.id, label: `${c.name} · ${c.code}`, href: `/cost-center/${c.id}` })),
        centres.isError,
      )}
    </Stack>
  );
}

function UserAllocations({ user }: { user: UserWithEmail }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const formatDate = useDateTimeFormatter();
  const permissions = useModelPermissions('allocation');
  const [target, setTarget] = useState<Target>('client');
  const [record, setRecord] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<Allocation | null>(null);
  const list = useQuery({
    queryKey: allocationKeys.ofUser(user.id),
    queryFn: ({ signal }) =>
      call<Paginated<Allocation>>(allocationsEndpoints.list, {
        query: { filters: JSON.stringify({ user: user.id }), limit: '200', ordering: 'source' },
        signal,
      }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: allocationKeys.all });
  const add = useMutation({
    mutationFn: () => call<Allocation>(allocationsEndpoints.create, { body: { user: user.id, [target]: record } }),
    onSuccess: () => {
      enqueueSnackbar('Allocation added.', { variant: 'success' });
      setRecord(null);
      setError(undefined);
      void refresh();
    },
    onError: (failure) => {
      const body = failure instanceof ApiError ? (failure.body as Record<string, string[]>) : {};
      setError(body[target]?.[0] ?? body.non_field_errors?.[0] ?? body.user?.[0] ?? 'The allocation could not be added.');
    },
  });
  const remove = useMutation({
    mutationFn: (allocation: Allocation) => call(allocationsEndpoints.delete, { params: { id: allocation.id } }),
    onSuccess: () => {
      enqueueSnackbar('Allocation removed.', { variant: 'success' });
      void refresh();
    },
  });
  const source = target === 'legal_entity' ? legalEntitySource : target === 'client' ? clientSource : costCentreSource;
  const rows = list.data?.results ?? [];
  return (
    <Stack spacing={2}>
      {permissions.add && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
              Add an allocation
            </Typography>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
              <TextField
                select
                size="small"
                label="Allocate to"
                value={target}
                onChange={(e) => {
                  setTarget(e.target.value as Target);
                  setRecord(null);
                  setError(undefined);
                }}
                sx={{ minWidth: 170 }}
              >
                {TARGETS.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <RelationPicker
                  key={target}
                  source={source}
                  label={TARGETS.find((option) => option.value === target)!.label}
                  value={record}
                  onChange={(value) => {
                    setRecord(value as string | null);
                    setError(undefined);
                  }}
                  error={error}
                />
              </Box>
              <Button variant="contained" disabled={!record || add.isPending} onClick={() => add.mutate()}>
                Add allocation
              </Button>
            </Stack>
          </CardContent>
        </Card>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
            Direct allocations of {user.full_name || user.email}
          </Typography>
          {list.isPending ? (
            <PageLoading />
          ) : list.isError ? (
            <Alert severity="error">The allocations could not be loaded.</Alert>
          ) : rows.length === 0 ? (
            <Typography color="text.secondary">No allocations: this user sees no allocated clients or cost centres.</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Allocations">
                <TableHead>
                  <TableRow>
                    <TableCell>Record</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Kind</TableCell>
                    <TableCell>Source</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>Added</TableCell>
                    <TableCell align="right" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((allocation) => {
                    const shown = targetOf(allocation);
                    return (
                      <TableRow key={allocation.id}>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          <Link component={RouterLink} to={shown.href}>
                            {shown.name}
                          </Link>
                          <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                            {shown.kind}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{shown.kind}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            variant="outlined"
                            color={allocation.source === 'MANUAL' ? 'primary' : 'success'}
                            label={SOURCE_LABELS[allocation.source]}
                          />
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' }, whiteSpace: 'nowrap' }}>
                          {formatDate(allocation.created_at)}
                        </TableCell>
                        <TableCell align="right">
                          {permissions.delete && (
                            <IconButton
                              size="small"
                              aria-label={`Remove allocation ${shown.name}`}
                              onClick={() => setRemoving(allocation)}
                            >
                              <DeleteOutlineIcon fontSize="small" />
                            </IconButton>
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
            Inherited
          </Typography>
          <Inherited allocations={rows} />
        </CardContent>
      </Card>
      {removing && (
        <ConfirmDialog
          title="Remove allocation?"
          message={`${user.full_name || user.email} will no longer be allocated to ${targetOf(removing).name}.`}
          confirmLabel="Remove"
          onConfirm={async () => {
            await remove.mutateAsync(removing);
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </Stack>
  );
}

const DRIFT_PAGE = 25;
const DRIFT_LABELS = {
  MISSING_MANUAL: 'Derived, not allocated',
  NOT_DERIVED: 'Allocated, not derived',
} as const;

function DriftReport() {
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

/** System Administration → Allocations: who is allocated to which legal entities, clients and cost centres. */
export function AllocationsPage() {
  const [tab, setTab] = useState<'users' | 'drift'>('users');
  const [user, setUser] = useState<UserWithEmail | null>(null);
  return (
    <PageFrame title="Allocations" subtitle="System Administration">
      <Tabs value={tab} onChange={(_, next) => setTab(next)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="users" label="Users" />
        <Tab value="drift" label="Drift report" />
      </Tabs>
      {tab === 'users' ? (
        <Stack spacing={2}>
          <Box sx={{ maxWidth: 480 }}>
            <UserPicker label="Search users" value={user} onChange={setUser} />
          </Box>
          {user ? (
            <UserAllocations user={user} />
          ) : (
            <Typography color="text.secondary">Search for a user to see and change their allocations.</Typography>
          )}
        </Stack>
      ) : (
        <DriftReport />
      )}
    </PageFrame>
  );
}
