import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
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
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { allocationsEndpoints } from '../../api/endpoint-routes';
import type { Allocation } from '@ops/contract/identity/allocations.schemas';
import type { Paginated } from '@ops/contract/common/pagination';
import { ApiError } from '../../api/http-client';
import { PageLoading } from '../../shared/ui/PageLoading';
import { ConfirmDialog } from '../../shared/ui/LazyConfirmDialog';
import { RelationPicker } from '../../shared/ui/list-page/RelationPicker';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import type { UserWithEmail } from '../users/users.queries';
import { useModelPermissions } from '../records/permissions';
import { call } from '../records/records.queries';
import { clientSource, costCentreSource, legalEntitySource } from '../records/relation-sources';
import { allocationKeys, SOURCE_LABELS, TARGETS, targetOf, type Target } from './allocations';
import { InheritedAllocations } from './InheritedAllocations';

/** One user's direct allocations (add, list, remove) and what they inherit through them. */
export function UserAllocations({ user }: { user: UserWithEmail }) {
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
          <InheritedAllocations allocations={rows} />
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
