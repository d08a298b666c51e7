import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { Allocation } from '@ops/contract/identity/allocations.schemas';
import type { Paginated } from '@ops/contract/common/pagination';
import { accountsEndpoints, operationsEndpoints } from '../../api/endpoint-routes';
import { call } from '../records/records.queries';

/** Records the user holds through a legal entity (its clients) or a client (its cost centres). */
export function InheritedAllocations({ allocations }: { allocations: Allocation[] }) {
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
