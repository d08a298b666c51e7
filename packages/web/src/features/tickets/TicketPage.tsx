import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from '../../shared/ui/snackbar';
import { Alert, Box, Button, Divider, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { isNotFound } from '../../api/http-client';
import { notificationTicketId } from '../../api/notifications';
import { useCan, useCurrentUser } from '../../shared/session/session';
import type { UserWithEmail } from '../users/users.queries';
import { subscribeToNotifications, subscribeToTicketChanges } from '../../shell/header/notifications.queries';
import { useDateTimeFormatter } from '../../shared/settings/app-settings.queries';
import { PageFrame } from '../../shared/ui/PageFrame';
import { WatchButton } from '../notifications/WatchButton';
import { PageLoading } from '../../shared/ui/PageLoading';
import { EmptyState } from '../../shared/ui/EmptyState';
import { RichTextView, documentText } from '../../shared/ui/RichTextView';
import { humaniseCode } from '../../shared/humanise';
import { apiErrorMessageOf } from '../../shared/api-error-message';
import {
  conversationsQuery,
  historyQuery,
  ticketAttachmentsQuery,
  ticketQuery,
  useDeleteAttachment,
  useInvalidateTicket,
  useUploadTicketAttachment,
  type TicketScope,
} from './tickets.queries';
import { PriorityChip, StatusChip } from './TicketChips';
import { SlaCountdown } from './SlaCountdown';
import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.values';
import { AttachmentList } from './components/AttachmentList';
import { ConversationThread } from './components/ConversationThread';
import { TicketHistory } from './components/TicketHistory';
import { ATTACHMENT_ACCEPT } from './components/attachment-accept';
import { ReplyForm } from './components/ReplyForm';

// The staff controls are for interaction, not reading: their selects and pickers (MUI's Select, Menu,
// Autocomplete) load beside the ticket's data rather than with the page (TicketView starts the load
// as it mounts), and a placeholder of their size holds their place should the data come first.
const loadStaffControls = () => import('./components/StaffControls');
const StaffControls = lazy(async () => ({ default: (await loadStaffControls()).StaffControls }));

/** The staff controls' fields (status, priority, assignee, team, client, cost centre) and buttons until they have loaded. */
function StaffControlsPlaceholder() {
  return (
    <Stack spacing={2} aria-busy="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={40} />
      ))}
      <Skeleton variant="rounded" height={31} width="60%" />
    </Stack>
  );
}

const LIST = {
  'my-tickets': { to: '/tickets', label: 'My Tickets' },
  tickets: { to: '/all-tickets', label: 'All Tickets' },
} as const;

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** A person on the ticket: the name, and the address under it (an address does not break well beside a label). */
function Person({ user }: { user: UserWithEmail }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {user.full_name}
      </Box>
      {/* Breaks after the @ when it must, not inside a word. */}
      <Link
        href={`mailto:${user.email}`}
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', overflowWrap: 'anywhere' }}
      >
        {user.email.split('@').map((part, index) =>
          index === 0 ? (
            part
          ) : (
            <span key={index}>
              @<wbr />
              {part}
            </span>
          ),
        )}
      </Link>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '88px 1fr', gap: 1, alignItems: 'baseline', py: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * Refreshes the ticket when the stream brings news about it: a notification (reply, status,
 * assignment) or a change event (assignee, team); and when the stream opens, for what changed before.
 */
function useLiveTicket(id: string) {
  const invalidate = useInvalidateTicket();
  const latest = useRef(invalidate);
  latest.current = invalidate;
  useEffect(() => {
    const stopNotifications = subscribeToNotifications(
      (notification) => void (notificationTicketId(notification) === id && latest.current(id)),
    );
    const stopChanges = subscribeToTicketChanges(
      (ticketId) => void ((ticketId === null || ticketId === id) && latest.current(id)),
    );
    return () => {
      stopNotifications();
      stopChanges();
    };
  }, [id]);
}

/** The tab names the ticket: `#1042 Oven door stuck · Operations Platform`. */
function useTicketDocumentTitle(ticket: { number: number; title: string } | undefined) {
  const title = ticket ? `${formatTicketNumber(ticket)} ${ticket.title} · Operations Platform` : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

function TicketView({ scope }: { scope: TicketScope }) {
  const { id = '' } = useParams();
  const can = useCan();
  const me = useCurrentUser().data;
  const formatDate = useDateTimeFormatter();
  const { enqueueSnackbar } = useSnackbar();
  const ticket = useQuery(ticketQuery(scope, id));
  const enabled = ticket.isSuccess;
  // Messages from people who did not address this user do not notify them: poll slowly as a fallback.
  const conversations = useQuery({ ...conversationsQuery(scope, id), enabled, refetchInterval: 60_000 });
  const attachments = useQuery({ ...ticketAttachmentsQuery(scope, id), enabled });
  const history = useQuery({ ...historyQuery(scope, id), enabled });
  const upload = useUploadTicketAttachment(scope, id);
  const remove = useDeleteAttachment(scope, id);
  const fileInput = useRef<HTMLInputElement>(null);
  useLiveTicket(id);
  useTicketDocumentTitle(ticket.data);
  useEffect(() => {
    if (scope === 'tickets') void loadStaffControls();
  }, [scope]);

  const list = LIST[scope];
  const back = (
    <Button component={RouterLink} to={list.to} startIcon={<ArrowBackIcon />}>
      {list.label}
    </Button>
  );
  if (ticket.isPending) return <PageLoading />;
  if (ticket.isError) {
    return (
      <PageFrame title="Ticket">
        {/* The same card for requesters and staff: a missing ticket and someone else's read alike. */}
        <EmptyState
          icon={isNotFound(ticket.error) ? <SearchOffIcon /> : <ErrorOutlineIcon />}
          title={isNotFound(ticket.error) ? 'This ticket was not found.' : 'The ticket could not be loaded.'}
          description={
            isNotFound(ticket.error)
              ? 'Check the link or the ticket number, or find the ticket in the list.'
              : 'Try again in a moment.'
          }
          action={back}
        />
      </PageFrame>
    );
  }

  const data = ticket.data;
  const staff = scope === 'tickets';
  const canPickUsers = can('user');
  const canChange = staff && can('ticket', 'change');
  // Requesters delete only what they uploaded; staff with the delete permission any file.
  const canDeleteFile = (uploaderId: string | undefined) => (staff ? can('ticket', 'delete') : uploaderId === me?.id);
  const canUpload = !staff || can('ticket', 'add');
  const otherSide = data.requester.id === me?.id ? data.assignee : data.requester;

  const uploadFiles = async (files: File[]) => {
    for (const file of files) {
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        enqueueSnackbar(`${file.name}: ${apiErrorMessageOf(error)}`, { variant: 'error' });
      }
    }
  };

  return (
    <PageFrame
      title={`${formatTicketNumber(data)} ${data.title}`}
      subtitle={
        <Stack component="span" direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <StatusChip status={data.ticket_status} />
          <PriorityChip priority={data.priority} />
          {scope === 'tickets' && <SlaCountdown ticket={data} size="medium" />}
          <Typography component="span" variant="body2" color="text.secondary">
            {humaniseCode(data.ticket_type)} · raised by {data.requester.full_name} · {formatDate(data.created_at)}
          </Typography>
        </Stack>
      }
      actions={
        <>
          <WatchButton model="ticket" id={data.id} />
          {back}
        </>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <Section
            title="Description"
            action={
              canUpload && (
                <>
                  <Button
                    size="small"
                    startIcon={<AttachFileIcon />}
                    onClick={() => fileInput.current?.click()}
                    disabled={upload.isPending}
                  >
                    {upload.isPending ? 'Uploading...' : 'Add files'}
                  </Button>
                  <input
                    ref={fileInput}
                    type="file"
                    multiple
                    hidden
                    aria-label="Add files to the ticket"
                    accept={ATTACHMENT_ACCEPT}
                    onChange={(event) => {
                      const files = Array.from(event.target.files ?? []);
                      event.target.value = '';
                      void uploadFiles(files);
                    }}
                  />
                </>
              )
            }
          >
            {documentText(data.ticket_content) ? (
              <RichTextView doc={data.ticket_content} label="Ticket description" />
            ) : (
              <Typography color="text.secondary">No description.</Typography>
            )}
            {attachments.data && attachments.data.results.length > 0 && (
              <>
                <Divider sx={{ my: 2 }} />
                <AttachmentList
                  label="Ticket files"
                  attachments={attachments.data.results}
                  canDelete={(file) => canDeleteFile(file.uploaded_by?.id)}
                  onDelete={(file) => remove.mutateAsync({ id: file.id })}
                />
              </>
            )}
          </Section>
          <Section title="Conversation">
            {conversations.isPending ? (
              <PageLoading />
            ) : conversations.isError ? (
              <Alert severity="error">The conversation could not be loaded.</Alert>
            ) : (
              <ConversationThread
                scope={scope}
                ticketId={id}
                conversations={conversations.data.results}
                currentUserId={me?.id}
                formatDate={formatDate}
                canDeleteFile={canDeleteFile}
              />
            )}
            {(!staff || can('ticket', 'add')) && (
              <>
                <Divider sx={{ my: 2 }} />
                <ReplyForm scope={scope} ticketId={id} canPickUsers={canPickUsers} defaultRecipient={otherSide} />
              </>
            )}
          </Section>
        </Stack>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <Section title="Details">
            <Box component="dl" sx={{ m: 0 }}>
              <Detail label="Status">
                <StatusChip status={data.ticket_status} />
              </Detail>
              <Detail label="Priority">{humaniseCode(data.priority)}</Detail>
              <Detail label="Type">{humaniseCode(data.ticket_type)}</Detail>
              <Detail label="Requester">
                <Person user={data.requester} />
              </Detail>
              <Detail label="Assignee">{data.assignee ? <Person user={data.assignee} /> : 'Unassigned'}</Detail>
              <Detail label="Created">{formatDate(data.created_at)}</Detail>
              <Detail label="Updated">{formatDate(data.updated_at)}</Detail>
              {scope === 'tickets' && <Detail label="Team">{data.team?.name ?? 'None'}</Detail>}
              {scope === 'tickets' && data.sla_status !== 'NONE' && (
                <>
                  <Detail label="First response due">
                    {data.first_response_due_at ? formatDate(data.first_response_due_at) : '—'}
                    {data.first_responded_at ? ` (answered ${formatDate(data.first_responded_at)})` : ''}
                  </Detail>
                  <Detail label="Resolution due">{data.due_at ? formatDate(data.due_at) : '—'}</Detail>
                </>
              )}
            </Box>
            {canChange && (
              <>
                <Divider sx={{ my: 2 }} />
                <Suspense fallback={<StaffControlsPlaceholder />}>
                  <StaffControls ticket={data} currentUser={me} />
                </Suspense>
              </>
            )}
          </Section>
          <Section title="History">
            {history.data ? <TicketHistory entries={history.data.results} formatDate={formatDate} /> : <PageLoading />}
          </Section>
        </Stack>
      </Box>
    </PageFrame>
  );
}

/** /tickets/:id: one of the user's own tickets. */
export function MyTicketPage() {
  return <TicketView scope="my-tickets" />;
}

/** /all-tickets/:id: any ticket, with the staff controls. */
export function StaffTicketPage() {
  return <TicketView scope="tickets" />;
}
