import { lazy, Suspense } from 'react';
import { Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useSearchParams } from 'react-router';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import { identityEndpoints, myTicketEndpoints, staffTicketEndpoints } from '../../api/endpoint-routes';
import { formatTicketNumber } from '@ops/contract/helpdesk/helpdesk.values';
import type { TicketListItem } from '@ops/contract/helpdesk/helpdesk.schemas';
import { ticketListItemListFields } from '../../api/list-fields';
import { useShell } from '../../shell/shell-context';
import { ListPage } from '../../shared/ui/list-page/ListPage';
import { PageFrame } from '../../shared/ui/PageFrame';
import { defineColumns, type RelationSource } from '../../shared/ui/list-page/list-columns';
import { useCan } from '../../shared/session/session';
import { ticketKeys } from './tickets.queries';
import { PriorityChip, StatusChip } from './TicketChips';
import { SlaCountdown } from './SlaCountdown';
import { SlaQuickFilters } from './board/SlaQuickFilters';
import { useModelPermissions } from '../records/permissions';
import { BULK_NOUNS } from '../records/bulk-change';
import { BulkChangeButton } from '../records/components/DialogButtons';
import { ticketBulkFields } from './ticket-bulk-fields';
import { PageLoading } from '../../shared/ui/PageLoading';
import { LIST_PAGE_KEYS } from '../../shared/route-meta';

// The board (and its drag and drop) loads when `?view=board` is shown, not with the list.
const TicketBoard = lazy(async () => ({ default: (await import('./board/TicketBoard')).TicketBoard }));

const users: RelationSource = { endpoint: identityEndpoints.listUsers, label: (user) => String(user.full_name || user.email) };

export function ticketColumns(staff: boolean, canPickUsers: boolean) {
  const person = (field: 'requester' | 'assignee', headerName: string, hidden = false) => ({
    field,
    headerName,
    hidden,
    ...(canPickUsers ? { relation: users } : {}),
  });
  return defineColumns<TicketListItem>(ticketListItemListFields, [
    { field: 'number', headerName: 'No.', sortable: true, width: 90, link: false, render: (row) => formatTicketNumber(row) },
    { field: 'title', headerName: 'Title', sortable: true, width: 280, link: true },
    { field: 'ticket_type', headerName: 'Type', sortable: true },
    { field: 'ticket_status', headerName: 'Status', sortable: true, render: (row) => <StatusChip status={row.ticket_status} /> },
    { field: 'priority', headerName: 'Priority', sortable: true, render: (row) => <PriorityChip priority={row.priority} /> },
    person('requester', 'Requester', !staff),
    person('assignee', 'Assignee'),
    { field: 'created_at', headerName: 'Created', sortable: true, width: 180 },
    { field: 'updated_at', headerName: 'Updated', sortable: true, width: 180, hidden: true },
    // Teams and SLA (staff list only).
    { field: 'team', headerName: 'Team', hidden: !staff, sortable: true },
    { field: 'due_at', headerName: 'SLA', sortable: true, width: 150, hidden: !staff, render: (row) => <SlaCountdown ticket={row} /> },
    { field: 'sla_status', headerName: 'SLA status', sortable: true, hidden: true },
    { field: 'first_response_due_at', headerName: 'First response due', sortable: true, width: 180, hidden: true },
  ]);
}

function CreateTicketButton() {
  const { openHelpDrawer } = useShell();
  return (
    <Button variant="contained" startIcon={<AddCircleOutlineIcon />} onClick={openHelpDrawer}>
      Create a Ticket
    </Button>
  );
}

/** /tickets: the tickets the user raised. */
export function MyTicketsPage() {
  const can = useCan();
  return (
    <ListPage<TicketListItem>
      pageKey={LIST_PAGE_KEYS['/tickets']}
      title="My Tickets"
      subtitle="Tickets you raised with the help desk."
      source={{ key: ticketKeys.scope('my-tickets'), endpoint: myTicketEndpoints.list }}
      columns={ticketColumns(false, can('user'))}
      rowHref={(row) => `/tickets/${row.id}`}
      actions={<CreateTicketButton />}
      empty={{
        title: 'You have no tickets yet',
        description: 'Report an issue, ask for a service or send feedback: your tickets and their progress will show here.',
        action: <CreateTicketButton />,
      }}
    />
  );
}

/** List or board, in the URL (`?view=board`), keeping the other parameters (the filters). */
function ViewToggle() {
  const [params, setParams] = useSearchParams();
  const board = params.get('view') === 'board';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={board ? 'board' : 'list'}
      aria-label="Show tickets as"
      onChange={(_event, value: string | null) => {
        if (!value) return;
        const next = new URLSearchParams(params);
        if (value === 'board') next.set('view', 'board');
        else next.delete('view');
        next.delete('page');
        setParams(next);
      }}
    >
      <ToggleButton value="list">List</ToggleButton>
      <ToggleButton value="board">Board</ToggleButton>
    </ToggleButtonGroup>
  );
}

function AllTicketsActions() {
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <SlaQuickFilters />
      <ViewToggle />
      <CreateTicketButton />
    </Stack>
  );
}

/** /all-tickets: every ticket, for help-desk staff; `?view=board` shows them as a board by status. */
export function AllTicketsPage() {
  const can = useCan();
  const [params] = useSearchParams();
  const canChange = useModelPermissions('ticket').change;
  if (params.get('view') === 'board')
    return (
      <PageFrame title="All Tickets" subtitle="Drag a card to change its status." actions={<AllTicketsActions />}>
        <Suspense fallback={<PageLoading />}>
          <TicketBoard pageKey={LIST_PAGE_KEYS['/all-tickets']} columns={ticketColumns(true, can('user'))} />
        </Suspense>
      </PageFrame>
    );
  return (
    <ListPage<TicketListItem>
      pageKey={LIST_PAGE_KEYS['/all-tickets']}
      title="All Tickets"
      subtitle="Every ticket raised with the help desk."
      source={{ key: ticketKeys.scope('tickets'), endpoint: staffTicketEndpoints.list }}
      columns={ticketColumns(true, can('user'))}
      rowHref={(row) => `/all-tickets/${row.id}`}
      actions={<AllTicketsActions />}
      exportName="tickets"
      empty={{ title: 'No tickets yet', description: 'Tickets raised from the Help and support menu appear here.' }}
      bulkAction={canChange ? (context) => <BulkChangeButton resource="tickets" nouns={BULK_NOUNS.tickets} fields={ticketBulkFields(can('user'))} context={context} invalidate={ticketKeys.all} /> : undefined}
    />
  );
}
