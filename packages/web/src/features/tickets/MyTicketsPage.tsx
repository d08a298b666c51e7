import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, LinearProgress, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import { isNotFound } from '../../api/http-client';
import { useShell } from '../../shell/shell-context';
import { useDateTimeFormatter } from '../../shell/settings/app-settings.queries';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageLoading } from '../../shared/ui/PageLoading';
import { PageFrame } from '../../shared/ui/PageFrame';
import { humaniseCode } from '../../shared/humanise';
import { myTicketsQuery } from './tickets.queries';
import { StatusChip } from './TicketChips';

export function MyTicketsPage() {
  const { openHelpDrawer } = useShell();
  const navigate = useNavigate();
  const formatDate = useDateTimeFormatter();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const tickets = useQuery(myTicketsQuery({ limit: pageSize, offset: page * pageSize }));

  const create = (
    <Button variant="contained" startIcon={<AddCircleOutlineIcon />} onClick={openHelpDrawer}>
      Create a Ticket
    </Button>
  );

  let content;
  if (tickets.isPending) {
    content = <PageLoading />;
  } else if (tickets.isError) {
    content = isNotFound(tickets.error) ? (
      <EmptyState icon={<ConfirmationNumberOutlinedIcon />} title="The help desk is not available yet" description="Your tickets will be listed here once the help desk is switched on." />
    ) : (
      <Alert severity="error" action={<Button onClick={() => void tickets.refetch()}>Retry</Button>}>
        Your tickets could not be loaded.
      </Alert>
    );
  } else if (tickets.data && tickets.data.count === 0) {
    content = (
      <EmptyState
        icon={<ConfirmationNumberOutlinedIcon />}
        title="You have no tickets yet"
        description="Report an issue, ask for a service or send feedback: your tickets and their progress will show here."
        action={create}
      />
    );
  } else {
    content = (
      <Paper variant="outlined">
        {tickets.isFetching && <LinearProgress aria-label="Loading tickets" />}
        <TableContainer>
          <Table size="small" aria-label="My tickets">
            <TableHead>
              <TableRow>
                <TableCell>Title</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Priority</TableCell>
                <TableCell>Created</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(tickets.data?.results ?? []).map((ticket) => (
                <TableRow
                  key={ticket.id}
                  hover
                  tabIndex={0}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => navigate(`/tickets/${ticket.id}`)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') navigate(`/tickets/${ticket.id}`);
                  }}
                >
                  <TableCell sx={{ fontWeight: 500 }}>{ticket.title}</TableCell>
                  <TableCell>{humaniseCode(ticket.ticket_type)}</TableCell>
                  <TableCell>
                    <StatusChip status={ticket.ticket_status} />
                  </TableCell>
                  <TableCell>{humaniseCode(ticket.priority)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(ticket.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={tickets.data?.count ?? 0}
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
    <PageFrame title="My Tickets" subtitle={<Typography component="span">Tickets you raised with the help desk.</Typography>} actions={create}>
      {content}
    </PageFrame>
  );
}
