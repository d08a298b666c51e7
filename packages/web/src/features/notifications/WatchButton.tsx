import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import { Button, Tooltip } from '@mui/material';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { WatchModel } from '@ops/contract/notifications/notifications.values';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import { listWatches, unwatch, watchOf, watchRecord } from './notification-settings';

// Not under the notifications' key: the stream's events refresh those, and watches do not change with them.
export const watchesKey = ['notification-watches'] as const;

const NOUNS: Record<WatchModel, string> = { ticket: 'ticket', client: 'client', cost_centre: 'cost centre' };

/**
 * "Watch" / "Watching" on a ticket, client or cost centre page (spec platform §14.4): a watcher is
 * notified of changes to the record and of new tickets at it. A toggle button (aria-pressed).
 */
export function WatchButton({ model, id }: { model: WatchModel; id: string }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const watches = useQuery({ queryKey: watchesKey, queryFn: ({ signal }) => listWatches(signal) });
  const current = watchOf(watches.data, model, id);
  const toggle = useMutation({
    mutationFn: async () => {
      if (current) await unwatch(current.id);
      else await watchRecord(model, id);
    },
    onError: (error) => enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: watchesKey }),
  });
  const watching = current !== undefined;
  const noun = NOUNS[model];
  return (
    <Tooltip title={watching ? `You are notified of changes to this ${noun}. Click to stop.` : `Be notified of changes to this ${noun}`}>
      <span>
        <Button
          variant="outlined"
          // Pressed looks pressed, without competing with the page's main action (Edit).
          sx={watching ? { bgcolor: 'action.selected' } : undefined}
          startIcon={watching ? <VisibilityIcon /> : <VisibilityOutlinedIcon />}
          aria-pressed={watching}
          disabled={!watches.isSuccess || toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {watching ? 'Watching' : 'Watch'}
        </Button>
      </span>
    </Tooltip>
  );
}
