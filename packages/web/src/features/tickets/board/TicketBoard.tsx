import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Alert, Box, IconButton, Link, Menu, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { staffTicketEndpoints } from '../../../api/endpoint-routes';
import { canTransition, formatTicketNumber, TICKET_STATUS_TRANSITIONS, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.values';
import type { TicketListItem } from '@ops/contract/helpdesk/helpdesk.schemas';
import { callEndpoint } from '../../../api/http-client';
import { humaniseCode, WITHHELD_LABEL } from '../../../shared/humanise';
import { useAppSettings } from '../../../shared/settings/app-settings.queries';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { ActiveFilterChips } from '../../../shared/ui/list-page/ActiveFilterChips';
import { FilterBar, type FilterEditTarget } from '../../../shared/ui/list-page/FilterBar';
import { filterControlsProps } from '../../../shared/ui/list-page/filter-controls';
import type { ListColumn } from '../../../shared/ui/list-page/list-columns';
import { listPageQuery } from '../../../shared/ui/list-page/list-source';
import { listQueryOf } from '../../../shared/ui/list-page/list-state';
import { usePageSetting } from '../../../shared/ui/list-page/page-setting.queries';
import { useListView } from '../../../shared/ui/list-page/use-list-view';
import { ticketKeys } from '../tickets.queries';
import { PriorityChip } from '../TicketChips';
import { SlaCountdown } from '../SlaCountdown';
import { columnKeyboardCoordinates } from './column-keyboard';

/** Columns in the order work flows (the contract lists statuses in another order). */
const BOARD_STATUSES: readonly TicketStatus[] = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'REOPENED', 'CLOSED'];

/** Cards per column; the column says when more match. */
const CARDS_PER_COLUMN = 50;

type Row = TicketListItem & { cost_centre?: { id: string; name: string } | null };

export interface TicketBoardProps {
  pageKey: string;
  columns: ListColumn<TicketListItem>[];
}

/** /all-tickets?view=board: the board, with the list's saved view (filters, search, sorting). */
export function TicketBoard(props: TicketBoardProps) {
  const setting = usePageSetting(props.pageKey);
  const appSettings = useAppSettings();
  if (setting.isPending || appSettings.isPending) return <PageLoading />;
  return <Board {...props} saved={setting.data?.page_setting} />;
}

const refusal = (from: TicketStatus, to: TicketStatus) =>
  `Cannot change status from ${humaniseCode(from)} to ${humaniseCode(to)}: ${humaniseCode(from)} moves only to ${TICKET_STATUS_TRANSITIONS[from].map(humaniseCode).join(', ')}.`;

function Board({ pageKey, columns, saved }: TicketBoardProps & { saved: Record<string, unknown> | undefined }) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [filterTarget, setFilterTarget] = useState<FilterEditTarget | null>(null);
  const [moves, setMoves] = useState<Record<string, TicketStatus>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const listView = useListView({ pageKey, saved, densityFallback: 'standard' });
  const { view, searchText, setSearchText } = listView;
  const labelOf = (column: ListColumn<TicketListItem>) => view.renaming[column.field] ?? column.headerName;
  const filterColumns = columns.filter((c) => c.kind !== undefined && (c.kind !== 'relation' || c.relation !== undefined));
  const filterControls = filterControlsProps({ columns: filterColumns, list: listView, labelOf, editing: filterTarget, onEdit: setFilterTarget });

  const source = { key: ticketKeys.scope('tickets'), endpoint: staffTicketEndpoints.list };
  const base = listQueryOf(
    { ...view, page_size: CARDS_PER_COLUMN, sorting: view.sorting.length ? view.sorting : ['due_at', '-created_at'] },
    1,
  );
  const results = useQueries({
    queries: BOARD_STATUSES.map((status) => {
      const filters = { ...view.filters, ticket_status: status };
      return listPageQuery<Row>(source, { ...base, filters: JSON.stringify(filters) });
    }),
  });

  const cards = useMemo(() => {
    const byStatus = new Map<TicketStatus, Row[]>(BOARD_STATUSES.map((s) => [s, []]));
    const seen = new Set<string>();
    results.forEach((result, i) => {
      for (const row of result.data?.results ?? []) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        byStatus.get(moves[row.id] ?? BOARD_STATUSES[i]!)!.push(row);
      }
    });
    return byStatus;
  }, [results, moves]);
  const statusOf = (id: string): TicketStatus | undefined => {
    for (const [status, rows] of cards) if (rows.some((r) => r.id === id)) return status;
    return undefined;
  };

  async function move(id: string, to: TicketStatus) {
    const from = statusOf(id);
    if (!from || from === to) return;
    if (!canTransition(from, to)) {
      const reason = refusal(from, to);
      setRefused(reason);
      enqueueSnackbar(reason, { variant: 'warning' });
      return;
    }
    setRefused(null);
    setMoves((current) => ({ ...current, [id]: to }));
    try {
      await callEndpoint(staffTicketEndpoints.patch, { params: { id }, body: { ticket_status: to } });
      await queryClient.invalidateQueries({ queryKey: ticketKeys.lists('tickets') });
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'The status could not be changed.';
      setRefused(reason);
      enqueueSnackbar(reason, { variant: 'error' });
    } finally {
      setMoves((current) => {
        const { [id]: _done, ...rest } = current;
        return rest;
      });
    }
  }

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }));
  const titleOf = (id: string | number) => {
    for (const rows of cards.values()) for (const r of rows) if (r.id === id) return `${formatTicketNumber(r)} ${r.title}`;
    return 'the ticket';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}. Use the arrow keys to move it to another status column, Space to drop, Escape to cancel.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over ${humaniseCode(String(over.id))}.` : `${titleOf(active.id)} is not over a column.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped on ${humaniseCode(String(over.id))}.`
        : `${titleOf(active.id)} was dropped outside the columns.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
  const onDragEnd = (event: DragEndEvent) => {
    if (event.over) void move(String(event.active.id), event.over.id as TicketStatus);
  };
  const failed = results.find((r) => r.isError);

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ p: 1.5, alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label="Search tickets"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ minWidth: 240 }}
        />
        <FilterBar {...filterControls.bar} />
      </Stack>
      <ActiveFilterChips {...filterControls.chips} />
      {refused && (
        <Alert severity="warning" role="alert" onClose={() => setRefused(null)} sx={{ mx: 1.5, mb: 1 }}>
          {refused}
        </Alert>
      )}
      {failed && (
        <Alert severity="error" sx={{ mx: 1.5, mb: 1 }}>
          The board could not be loaded: {failed.error?.message}
        </Alert>
      )}
      <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements }}>
        <Box
          role="list"
          aria-label="Ticket board"
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(${BOARD_STATUSES.length}, minmax(170px, 1fr))`,
            gap: 1.5,
            p: 1.5,
            overflowX: 'auto',
            minHeight: 420,
          }}
        >
          {BOARD_STATUSES.map((status, i) => (
            <BoardColumn
              key={status}
              status={status}
              rows={cards.get(status) ?? []}
              total={results[i]?.data?.count}
              loading={results[i]?.isPending ?? true}
              onMove={(id, to) => void move(id, to)}
            />
          ))}
        </Box>
      </DndContext>
    </Paper>
  );
}

function BoardColumn({
  status,
  rows,
  total,
  loading,
  onMove,
}: {
  status: TicketStatus;
  rows: Row[];
  total: number | undefined;
  loading: boolean;
  onMove: (id: string, to: TicketStatus) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  const label = humaniseCode(status);
  return (
    <Box
      ref={setNodeRef}
      role="listitem"
      aria-label={`${label} column`}
      data-status={status}
      sx={{
        bgcolor: isOver ? 'action.selected' : 'action.hover',
        borderRadius: 1,
        p: 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        outline: isOver ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'solid',
      }}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', px: 0.5 }}>
        <Typography variant="subtitle2" component="h2">
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {loading ? '…' : total !== undefined && total > rows.length ? `${rows.length} of ${total}` : rows.length}
        </Typography>
      </Stack>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={`${label} tickets`}>
        {rows.map((row) => (
          <BoardCard key={row.id} row={row} status={status} onMove={onMove} />
        ))}
      </Stack>
      {!loading && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
          No tickets
        </Typography>
      )}
    </Box>
  );
}

function BoardCard({ row, status, onMove }: { row: Row; status: TicketStatus; onMove: (id: string, to: TicketStatus) => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: row.id });
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      style={style}
      elevation={isDragging ? 6 : 0}
      variant={isDragging ? 'elevation' : 'outlined'}
      data-ticket-id={row.id}
      sx={{
        p: 1,
        cursor: 'grab',
        position: 'relative',
        zIndex: isDragging ? 10 : 'auto',
        touchAction: 'none',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
      {...attributes}
      {...listeners}
      aria-roledescription="draggable ticket"
      aria-label={`${formatTicketNumber(row)} ${row.title}, ${humaniseCode(status)}`}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary">
            {formatTicketNumber(row)}
          </Typography>
          <Link
            component={RouterLink}
            to={`/all-tickets/${row.id}`}
            underline="hover"
            color="inherit"
            onPointerDown={(event) => event.stopPropagation()}
            onKeyDown={(event) => event.stopPropagation()}
            sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {row.title}
          </Link>
          <Typography variant="body2" color="text.secondary" noWrap>
            {row.requester.full_name || row.requester.email}
          </Typography>
          {row.cost_centre && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {row.cost_centre.name ?? WITHHELD_LABEL}
            </Typography>
          )}
        </Box>
        <IconButton
          size="small"
          aria-label={`Move ${formatTicketNumber(row)} to another status`}
          onPointerDown={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
          onClick={(event) => setMenu(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Stack>
      <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
        <PriorityChip priority={row.priority} />
        <SlaCountdown ticket={row} />
      </Stack>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {BOARD_STATUSES.filter((s) => s !== status).map((to) => (
          <MenuItem
            key={to}
            disabled={!canTransition(status, to)}
            onClick={() => {
              setMenu(null);
              onMove(row.id, to);
            }}
          >
            Move to {humaniseCode(to)}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}
