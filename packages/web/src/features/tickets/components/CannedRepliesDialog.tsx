import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../../shared/ui/snackbar';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { CANNED_REPLY_FALLBACKS, CANNED_REPLY_VARIABLES, type CannedReply } from '@ops/contract/helpdesk/canned-replies';
import { useCurrentUser } from '../../../shared/session/session';
import { apiErrorMessageOf } from '../../../shared/api-error-message';
import { documentText } from '../../../shared/ui/RichTextView';
import { LazyRichTextEditor } from '../../../shell/help-drawer/LazyRichTextEditor';
import type { DocNode } from '../../../shell/help-drawer/ticket-forms';
import { cannedRepliesQuery, useDeleteCannedReply, useSaveCannedReply } from '../canned-replies.queries';

type Editing = { id?: string; title: string; body: DocNode | null; shared: boolean };

/** Manage canned replies: the caller's own (edit, share, delete) and the shared ones of others (read). */
export function CannedRepliesDialog({ onClose }: { onClose: () => void }) {
  const { enqueueSnackbar } = useSnackbar();
  const me = useCurrentUser().data;
  const [search, setSearch] = useState('');
  const replies = useQuery(cannedRepliesQuery(search));
  const save = useSaveCannedReply();
  const remove = useDeleteCannedReply();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [attempted, setAttempted] = useState(false);
  const canEdit = (reply: CannedReply) => reply.owner.id === me?.id || Boolean(me?.is_superuser) || me?.user_type === 1;

  const submit = async () => {
    setAttempted(true);
    if (!editing || !editing.title.trim() || !editing.body || documentText(editing.body) === '') return;
    try {
      await save.mutateAsync({
        id: editing.id,
        draft: { title: editing.title.trim(), body: editing.body as unknown as Record<string, unknown>, shared: editing.shared },
      });
      enqueueSnackbar('Canned reply saved', { variant: 'success' });
      setEditing(null);
      setAttempted(false);
    } catch (error) {
      enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="canned-replies-title">
      <DialogTitle id="canned-replies-title">Canned replies</DialogTitle>
      <DialogContent>
        {editing ? (
          <Stack
            spacing={2}
            sx={{ pt: 1 }}
            component="form"
            aria-label="Canned reply"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <TextField
              label="Title"
              size="small"
              required
              value={editing.title}
              onChange={(event) => setEditing({ ...editing, title: event.target.value })}
              error={attempted && !editing.title.trim()}
              helperText={attempted && !editing.title.trim() ? 'Please give the reply a title.' : undefined}
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <LazyRichTextEditor
              label="Reply"
              initialContent={editing.body}
              onChange={(body) => setEditing((current) => (current ? { ...current, body } : current))}
              minHeight={120}
              error={attempted && documentText(editing.body) === '' ? 'Please write the reply.' : null}
            />
            <Typography variant="caption" color="text.secondary">
              Variables: {CANNED_REPLY_VARIABLES.map((name) => `{{${name}}}`).join(' ')}. An empty one reads as its
              fallback ({'{{cost_centre.name}}'} as "{CANNED_REPLY_FALLBACKS['cost_centre.name']}"); write{' '}
              {'{{cost_centre.name|the kitchen}}'} for your own.
            </Typography>
            <FormControlLabel
              control={
                <Checkbox
                  checked={editing.shared}
                  onChange={(event) => setEditing({ ...editing, shared: event.target.checked })}
                />
              }
              label="Shared with everyone"
            />
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField label="Search by title" size="small" value={search} onChange={(event) => setSearch(event.target.value)} />
            <List dense aria-label="Canned replies">
              {(replies.data?.results ?? []).map((reply) => (
                <ListItem
                  key={reply.id}
                  secondaryAction={
                    canEdit(reply) && (
                      <>
                        <IconButton
                          aria-label={`Edit ${reply.title}`}
                          onClick={() =>
                            setEditing({
                              id: reply.id,
                              title: reply.title,
                              body: reply.body as unknown as DocNode,
                              shared: reply.shared,
                            })
                          }
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          aria-label={`Delete ${reply.title}`}
                          onClick={() =>
                            void remove.mutateAsync(reply.id).then(
                              () => void enqueueSnackbar('Canned reply deleted', { variant: 'success' }),
                              (error: unknown) => void enqueueSnackbar(apiErrorMessageOf(error), { variant: 'error' }),
                            )
                          }
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </>
                    )
                  }
                >
                  <ListItemText
                    primary={reply.title}
                    secondary={`${reply.shared ? 'Shared' : 'Only you'} · ${reply.owner.full_name}${documentText(reply.body) ? ` · ${documentText(reply.body).slice(0, 80)}` : ''}`}
                  />
                </ListItem>
              ))}
              {replies.data && replies.data.results.length === 0 && (
                <Typography color="text.secondary" sx={{ py: 1 }}>
                  No canned replies yet.
                </Typography>
              )}
            </List>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {editing ? (
          <>
            <Button onClick={() => setEditing(null)}>Back</Button>
            <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
              Save
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setEditing({ title: '', body: null, shared: false })}>New canned reply</Button>
            <Button variant="contained" onClick={onClose}>
              Close
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
