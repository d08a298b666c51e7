import { Chip, Stack } from '@mui/material';
import { useSearchParams } from 'react-router';

const QUICK = [
  { label: 'Breached', status: 'BREACHED', color: 'error' },
  { label: 'At risk', status: 'AT_RISK', color: 'warning' },
] as const;

function filtersOf(params: URLSearchParams): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(params.get('filters') ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * "Breached" and "At risk": one click filters the ticket list (or board) on `sla_status` through
 * the URL, which the list view reads like any shared link; a second click removes the filter.
 */
export function SlaQuickFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  return (
    <Stack direction="row" spacing={1} role="group" aria-label="SLA filters">
      {QUICK.map(({ label, status, color }) => {
        const active = filters.sla_status === status;
        return (
          <Chip
            key={status}
            label={label}
            color={color}
            variant={active ? 'filled' : 'outlined'}
            aria-pressed={active}
            onClick={() => {
              const next = new URLSearchParams(params);
              const { sla_status: _drop, ...rest } = filters;
              const changed = active ? rest : { ...rest, sla_status: status };
              if (Object.keys(changed).length) next.set('filters', JSON.stringify(changed));
              else next.delete('filters');
              next.delete('page');
              setParams(next);
            }}
          />
        );
      })}
    </Stack>
  );
}
