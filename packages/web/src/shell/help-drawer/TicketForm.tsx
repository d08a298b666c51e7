import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import { Link as RouterLink } from 'react-router';
import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.values';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { createTicket } from '../../api/helpdesk';
import Chip from '@mui/material/Chip';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { setReportSite, useReportSite } from './report-site';
import { RichTextEditor } from './RichTextEditor';
import { ArticleSuggestions } from './ArticleSuggestions';
import { useShell } from '../shell-context';
import { useCurrentUser } from '../../shared/session/session';
import { clearDraft, isDocument, loadDraft, saveDraft } from '../../shared/drafts';
import { documentText } from '../../shared/ui/RichTextView';
import { fileSize } from '../../shared/file-size';
import { appendBlockingAnswer, attachmentProblems, SENSITIVE_NOTE, validateTicketForm, type DocNode, type TicketFormConfig } from './ticket-forms';

interface TicketDraft {
  title: string;
  doc: DocNode | null;
  blocking: boolean;
}

const isTicketDraft = (value: unknown): value is TicketDraft =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TicketDraft).title === 'string' &&
  typeof (value as TicketDraft).blocking === 'boolean' &&
  ((value as TicketDraft).doc === null || isDocument((value as TicketDraft).doc));

const ACCEPTED = '.jpg,.jpeg,.png,.pdf,.docx,.xlsx,.txt,image/jpeg,image/png,application/pdf,text/plain';

/** A ticket the form has just created, as the drawer confirms it. */
export interface SubmittedTicket {
  id: string;
  number: number;
  message: string;
}

export interface TicketFormProps {
  config: TicketFormConfig;
  onSubmitted: (ticket: SubmittedTicket) => void;
}

export function TicketForm({ config, onSubmitted }: TicketFormProps) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id;
  const draftPlace = `help-drawer:${config.kind}`;
  // What this user had typed into this form and not submitted, restored once.
  const [restored] = useState(() => (userId ? loadDraft(userId, draftPlace, isTicketDraft) : null));
  const [title, setTitle] = useState(restored?.title ?? '');
  const [doc, setDoc] = useState<DocNode | null>(restored?.doc ?? null);
  const [titleTouched, setTitleTouched] = useState(false);
  const [submitAttempted, setSubmitAttempted] = useState(false);
  const [blocking, setBlocking] = useState(restored?.blocking ?? false);
  const [attachments, setAttachments] = useState<File[]>([]);
  // The server's message per refused file (by position); cleared when the files change.
  const [fileProblems, setFileProblems] = useState<Map<number, string>>(new Map());
  const changeAttachments = (change: (current: File[]) => File[]) => {
    setAttachments(change);
    setFileProblems(new Map());
  };
  const fileInput = useRef<HTMLInputElement>(null);
  // Set when the drawer was opened from a site's QR code.
  const site = useReportSite();
  const { closeHelpDrawer } = useShell();
  const errors = validateTicketForm(config, { title, doc, titleTouched, submitAttempted });
  const typed = title.trim() !== '' || documentText(doc) !== '';

  useEffect(() => {
    if (userId) saveDraft(userId, draftPlace, typed ? ({ title, doc, blocking } satisfies TicketDraft) : null);
  }, [userId, draftPlace, typed, title, doc, blocking]);

  const submit = useMutation({
    mutationFn: () =>
      createTicket(config.kind, {
        title: title.trim(),
        content: config.hasBlockingSwitch ? appendBlockingAnswer(doc!, blocking) : doc,
        attachments,
        costCentre: site?.id,
      }),
    onSuccess: (created) => {
      if (userId) clearDraft(userId, draftPlace);
      setReportSite(null);
      // The words of spec web-shell §8, then the ticket's number as a link to it.
      enqueueSnackbar(config.successToast, {
        variant: 'success',
        autoHideDuration: 10_000,
        action: (key) => (
          <Button
            component={RouterLink}
            to={`/tickets/${created.id}`}
            color="inherit"
            size="small"
            onClick={() => closeSnackbar(key)}
            aria-label={`View ticket ${formatTicketNumber(created)}`}
          >
            {formatTicketNumber(created)}
          </Button>
        ),
      });
      void queryClient.invalidateQueries({ queryKey: ['helpdesk', 'my-tickets'] });
      onSubmitted({ id: created.id, number: created.number, message: config.successToast });
    },
    onError: (error) => {
      const problems = attachmentProblems(error);
      // A refused file is named where it is listed, with its Remove button; other failures keep the spec's toast.
      if (problems.size) setFileProblems(problems);
      else enqueueSnackbar(config.errorToast, { variant: 'error' });
    },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitAttempted(true);
        if (errors.valid && !submit.isPending) submit.mutate();
      }}
    >
      <Alert severity="info" variant="outlined">
        {SENSITIVE_NOTE}
      </Alert>
      {site && (
        <Chip
          icon={<PlaceOutlinedIcon />}
          label={`Site: ${site.name}`}
          onDelete={() => setReportSite(null)}
          aria-label={`Site: ${site.name}`}
          sx={{ alignSelf: 'flex-start', maxWidth: '100%' }}
        />
      )}
      <TextField
        label="Title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onBlur={() => setTitleTouched(true)}
        error={Boolean(errors.title)}
        helperText={errors.title ?? ' '}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        disabled={submit.isPending}
        fullWidth
        autoFocus
      />
      <ArticleSuggestions title={title} costCentre={site?.id} onOpen={closeHelpDrawer} />
      <RichTextEditor
        initialContent={restored?.doc}
        label="Description"
        onChange={setDoc}
        error={errors.description}
        invalid={submitAttempted && errors.descriptionMissing}
        disabled={submit.isPending}
      />
      {config.hasBlockingSwitch && (
        <FormControlLabel
          control={
            <Switch checked={blocking} onChange={(event) => setBlocking(event.target.checked)} disabled={submit.isPending} />
          }
          label={`Is this issue stopping you from working? ${blocking ? 'Yes' : 'No'}`}
        />
      )}
      <Box>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={ACCEPTED}
          aria-label="Attachments"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            changeAttachments((current) => [...current, ...files]);
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          startIcon={<AttachFileIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={submit.isPending}
        >
          Add attachments
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.75 }}>
          JPEG, PNG, PDF, DOCX, XLSX or TXT.
        </Typography>
        {fileProblems.size > 0 && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {fileProblems.size === 1
              ? 'The file marked below was not accepted. Remove it, then submit again.'
              : 'The files marked below were not accepted. Remove them, then submit again.'}
          </Alert>
        )}
        {attachments.length > 0 && (
          <List dense aria-label="Attachments" sx={{ mt: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            {attachments.map((file, index) => (
              <ListItem
                key={`${file.name}-${index}`}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => changeAttachments((current) => current.filter((_, i) => i !== index))}
                    disabled={submit.isPending}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  {fileProblems.has(index) ? <ErrorOutlineIcon fontSize="small" color="error" /> : <InsertDriveFileOutlinedIcon fontSize="small" />}
                </ListItemIcon>
                <ListItemText
                  primary={file.name}
                  secondary={fileProblems.get(index) ?? fileSize(file.size)}
                  slotProps={{ primary: { noWrap: true }, secondary: fileProblems.has(index) ? { color: 'error' } : undefined }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Submit'}
      </Button>
    </Stack>
  );
}
