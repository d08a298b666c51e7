import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  FormControl,
  InputAdornment,
  InputLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { TICKET_STATUSES, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.schemas';
import { useShell } from '../../shell/shell-context';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoading } from '../../shared/ui/PageLoading';
import { PageFrame } from '../../shared/ui/PageFrame';
import { humaniseCode } from '../../shared/humanise';
import { OPEN_TICKET_FILTER, ticketListQuery, type TicketScope } from './tickets.queries';
import { PriorityChip, StatusChip } from './TicketChips';

type StatusFilter = 'ALL' | 'ACTIVE' | TicketStatus;

const filtersFor = (status: StatusFilter) => (status === 'ALL' ? undefined : status === 'ACTIVE' ? OPEN_TICKET_FILTER : JSON.stringify({ ticket_status: status }));

const PAGES = {
  'my-tickets': { title: 'My Tickets', subtitle: 'Tickets you raised with the help desk.', to: '/tickets', label: 'My tickets' },
  tickets: { title: 'All Tickets', subtitle: 'Every ticket raised with the help desk.', to: '/all-tickets', label: 'All tickets' },
} as const;

function TicketList({ scope }: { scope: TicketScope }) {
  const { openHelpDrawer } = useShell();
  const navigate = useNavigate();
  const formatDate = useDateTimeFormatter();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const deferredSearch = useDeferredValue(search.trim());
  const tickets = useQuery(ticketListQuery(scope, { limit: pageSize, offset: page * pageSize, search: deferredSearch, filters: filtersFor(status) }));
  const staff = scope === 'tickets';
  const meta = PAGES[scope];
  const filtered = deferredSearch !== '' || status !== 'ALL';

  const create = (
    <Button variant="contained" startIcon={<AddCircleOutlineIcon />} onClick={openHelpDrawer}>
      Create a Ticket
    </Button>
  );
  const open = (id: string) => navigate(`${meta.to}/${id}`);

  let content;
  if (tickets.isPending) {
    content = <PageLoading />;
  } else if (tickets.isError) {
    content = (
      <Alert severity="error" action={<Button onClick={() => void tickets.refetch()}>Retry</Button>}>
        {staff ? 'The tickets could not be loaded.' : 'Your tickets could not be loaded.'}
      </Alert>
    );
  } else if (tickets.data.count === 0 && !filtered) {
    content = (
      <EmptyState
        icon={<ConfirmationNumberOutlinedIcon />}
        title={staff ? 'No tickets yet' : 'You have no tickets yet'}
        description="Report an issue, ask for a service or send feedback: tickets and their progress will show here."
        action={create}
      />
    );
  } else {
    content = (
      <Paper variant="outlined">
        {tickets.isFetching && <LinearProgress aria-label="Loading tickets" />}
        <TableContainer>
          <Table size="small" aria-label={meta.label}>
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Priority</TableCell>
                {staff && <TableCell>Requester</TableCell>}
                <TableCell>Assignee</TableCell>
                <TableCell>Created</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tickets.data.results.length === 0 && (
                <TableRow>
                  <TableCell colSpan={staff ? 7 : 6} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                    No tickets match these filters.
                  </TableCell>
                </TableRow>
              )}
              {tickets.data.results.map((ticket) => (
                <TableRow
                  key={ticket.id}
                  hover
                  tabIndex={0}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => open(ticket.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') open(ticket.id);
                  }}
                >
                  <TableCell sx={{ fontWeight: 500 }}>{ticket.title}</TableCell>
                  <TableCell>{humaniseCode(ticket.ticket_type)}</TableCell>
                  <TableCell>
                    <StatusChip status={ticket.ticket_status} />
                  </TableCell>
                  <TableCell>
                    <PriorityChip priority={ticket.priority} />
                  </TableCell>
                  {staff && <TableCell>{ticket.requester.full_name}</TableCell>}
                  <TableCell>{ticket.assignee?.full_name ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(ticket.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={tickets.data.count}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </Paper>
    );
  }

  return (
    <PageFrame title={meta.title} subtitle={<Typography component="span">{meta.subtitle}</Typography>} actions={create}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label="Search tickets"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          sx={{ minWidth: { sm: 280 } }}
        />
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id={`${scope}-status-filter`}>Status</InputLabel>
          <Select
            labelId={`${scope}-status-filter`}
            label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as StatusFilter);
              setPage(0);
            }}
          >
            <MenuItem value="ALL">All</MenuItem>
            <MenuItem value="ACTIVE">Not closed</MenuItem>
            {TICKET_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {humaniseCode(value)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
      {content}
    </PageFrame>
  );
}

export function MyTicketsPage() {
  return <TicketList scope="my-tickets" />;
}

export function AllTicketsPage() {
  return <TicketList scope="tickets" />;
}
