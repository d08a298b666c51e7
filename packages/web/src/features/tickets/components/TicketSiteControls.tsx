import { useSnackbar } from '../../../shared/ui/snackbar';
import { Stack } from '@mui/material';
import type { Ticket } from '@ops/contract/helpdesk/helpdesk.schemas';
import { RelationPicker } from '../../../shared/ui/list-page/RelationPicker';
import { apiErrorMessageOf } from '../../../shared/api-error-message';
import { clientSource, costCentreSource } from '../../records/relation-sources';
import { useUpdateTicket } from '../tickets.queries';

/**
 * The site a ticket is about (spec platform §13.1): its client and cost centre. Picking a cost centre sets
 * its client too (the API fills it in); a new client drops a cost centre that is not its own.
 */
export function TicketSiteControls({ ticket }: { ticket: Ticket }) {
  const update = useUpdateTicket(ticket.id);
  const { enqueueSnackbar } = useSnackbar();
  const save = (changes: { client?: string | null; cost_centre?: string | null }, message: string) =>
    update.mutateAsync({ changes, preview: {} }).then(
      () => void enqueueSnackbar(message, { variant: 'success' }),
      (failure: unknown) => void enqueueSnackbar(apiErrorMessageOf(failure), { variant: 'error' }),
    );
  return (
    <Stack spacing={2} aria-label="Site" component="section">
      <RelationPicker
        source={clientSource}
        label="Client"
        value={ticket.client?.id ?? null}
        disabled={update.isPending}
        onChange={(value) =>
          void save({ client: (value as string | null) ?? null }, value ? 'Client changed.' : 'Client removed.')
        }
      />
      <RelationPicker
        source={costCentreSource}
        label="Cost centre"
        value={ticket.cost_centre?.id ?? null}
        disabled={update.isPending}
        onChange={(value) =>
          void save({ cost_centre: (value as string | null) ?? null }, value ? 'Cost centre changed.' : 'Cost centre removed.')
        }
      />
    </Stack>
  );
}
