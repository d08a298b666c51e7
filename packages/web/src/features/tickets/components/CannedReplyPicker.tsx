import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../shared/ui/snackbar';
import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import type { CannedReply } from '@ops/contract/helpdesk/canned-replies';
import { apiErrorMessageOf } from '../../../shared/api-error-message';
import { cannedRepliesQuery, renderCannedReply } from '../canned-replies.queries';

// The management dialog (its list, editor and forms) loads when Manage is first pressed.
const CannedRepliesDialog = lazy(async () => ({ default: (await import('./CannedRepliesDialog')).CannedRepliesDialog }));

export interface CannedReplyPickerProps {
  ticketId: string;
  /** Receives the reply with the ticket's values filled in. */
  onInsert: (message: Record<string, unknown>) => void;
  disabled?: boolean;
}

/** "Insert canned reply": search the caller's own and shared replies by title; the chosen one is filled in for the ticket. */
export function CannedReplyPicker({ ticketId, onInsert, disabled }: CannedReplyPickerProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [managing, setManaging] = useState(false);
  const [busy, setBusy] = useState(false);
  const replies = useQuery({ ...cannedRepliesQuery(text), enabled: open });

  const insert = async (reply: CannedReply | null) => {
    if (!reply) return;
    setBusy(true);
    try {
      const { message } = await renderCannedReply(ticketId, reply.id);
      onInsert(message);
    } catch (error) {
      enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' });
    } finally {
      setBusy(false);
      setText('');
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: '1 1 300px', minWidth: 0, maxWidth: 480 }}>
      <Autocomplete<CannedReply, false, false, false>
        size="small"
        sx={{ flex: 1, minWidth: 180 }}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        disabled={disabled || busy}
        options={replies.data?.results ?? []}
        value={null}
        loading={replies.isFetching}
        filterOptions={(all) => all}
        getOptionLabel={(reply) => reply.title}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        inputValue={text}
        onInputChange={(_, next, reason) => {
          if (reason === 'input') setText(next);
          if (reason === 'clear' || reason === 'reset') setText('');
        }}
        onChange={(_, reply) => void insert(reply)}
        noOptionsText="No canned replies"
        renderOption={(props, reply) => (
          <li {...props} key={reply.id}>
            {reply.title}
            {reply.shared && <span style={{ marginLeft: 8, fontSize: 12, opacity: 0.7 }}>shared</span>}
          </li>
        )}
        renderInput={(params) => <TextField {...params} label="Insert canned reply" placeholder="Search by title" />}
      />
      <Button size="small" startIcon={<SettingsOutlinedIcon />} onClick={() => setManaging(true)}>
        Manage
      </Button>
      {managing && (
        <Suspense fallback={null}>
          <CannedRepliesDialog onClose={() => setManaging(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
