import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../shared/ui/snackbar';
import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { Alert, Box, IconButton, Menu, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { staffTicketEndpoints } from '../../../api/endpoint-routes';
import { canTransition, formatTicketNumber, TICKET_STATUS_TRANSITIONS, type TicketStatus } from '@ops/contract/helpdesk/helpdesk.values';
import type { TicketListItem } from '@ops/contract/helpdesk/helpdesk.schemas';
import { callEndpoint } from '../../../api/http-client';
import { humaniseCode, WITHHELD_LABEL } from '../../../shared/humanise';
import { useAppSettings } from '../../../shared/settings/app-settings.queries';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { ActiveFilterChips } from '../../../shared/ui/list-page/ActiveFilterChips';
import { FilterBar, visuallyHidden, type FilterEditTarget } from '../../../shared/ui/list-page/FilterBar';
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
import { BOARD_STATUSES, menuMoves } from './board-moves';

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

/** Space picks a card up (dnd-kit's keyboard sensor); Enter is left to the card, which opens the ticket. */
const KEYBOARD_CODES = { start: [KeyboardCode.Space], cancel: [KeyboardCode.Esc], end: [KeyboardCode.Space, KeyboardCode.Enter] };
const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Press Enter to open the ticket. To move it to another status, press Space to pick it up, the Left and Right arrow keys to choose a column, Space to drop it or Escape to cancel.',
};

const refusal = (from: TicketStatus, to: TicketStatus) =>
  `Cannot change status from ${humaniseCode(from)} to ${humaniseCode(to)}: ${humaniseCode(from)} moves only to ${TICKET_STATUS_TRANSITIONS[from].map(humaniseCode).join(', ')}.`;

function Board({ pageKey, columns, saved }: TicketBoardProps & { saved: Record<string, unknown> | undefined }) {
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [filterTarget, setFilterTarget] = useState<FilterEditTarget | null>(null);
  const [moves, setMoves] = useState<Record<string, TicketStatus>>({});
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
    // One message per refusal: the toast (an inline alert beside it said the same thing twice).
    if (!canTransition(from, to)) {
      enqueueSnackbar(refusal(from, to), { variant: 'warning' });
      return;
    }
    setMoves((current) => ({ ...current, [id]: to }));
    try {
      await callEndpoint(staffTicketEndpoints.patch, { params: { id }, body: { ticket_status: to } });
      await queryClient.invalidateQueries({ queryKey: ticketKeys.lists('tickets') });
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : 'The status could not be changed.', { variant: 'error' });
    } finally {
      setMoves((current) => {
        const { [id]: _done, ...rest } = current;
        return rest;
      });
    }
  }

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates, keyboardCodes: KEYBOARD_CODES }));
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
      {failed && (
        <Alert severity="error" sx={{ mx: 1.5, mb: 1 }}>
          The board could not be loaded: {failed.error?.message}
        </Alert>
      )}
      <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}>
        <Box
          role="list"
          aria-label="Ticket board"
          sx={{
            display: 'grid',
            // Wide enough for a title to read as a line of words; on a phone a column is most of the
            // screen and the board scrolls sideways a column at a time.
            gridTemplateColumns: { xs: `repeat(${BOARD_STATUSES.length}, minmax(min(280px, 78vw), 1fr))`, md: `repeat(${BOARD_STATUSES.length}, minmax(176px, 1fr))` },
            scrollSnapType: { xs: 'x mandatory', md: 'none' },
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
        scrollSnapAlign: 'start',
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({ id: row.id });
  const navigate = useNavigate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  const number = formatTicketNumber(row);
  const open = () => void navigate(`/all-tickets/${row.id}`);
  return (
    // The list item holds two siblings: the card (drag it, or click / Enter to open the ticket) and
    // its menu button; a button inside the card would be an interactive control inside another.
    <Paper
      component="li"
      ref={setNodeRef}
      style={style}
      elevation={isDragging ? 6 : 0}
      variant={isDragging ? 'elevation' : 'outlined'}
      data-ticket-id={row.id}
      sx={{ position: 'relative', zIndex: isDragging ? 10 : 'auto' }}
    >
      <Box
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-roledescription="draggable ticket"
        onClick={open}
        onKeyDown={(event) => {
          listeners?.onKeyDown?.(event);
          // Enter also drops a picked-up card: only a card at rest opens.
          if (event.key === 'Enter' && !isDragging && !event.defaultPrevented) open();
        }}
        sx={{
          p: 1,
          cursor: 'grab',
          touchAction: 'none',
          borderRadius: 'inherit',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        {/* The number shares its line with the menu button; the title below has the card's full width. */}
        <Typography variant="caption" color="text.secondary" component="div" sx={{ minHeight: 28, pr: 4 }}>
          {number}
        </Typography>
        <Typography
          variant="body2"
          sx={{
            fontWeight: 600,
            overflowWrap: 'break-word',
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
          title={row.title}
        >
          {row.title}
          {/* Named by its content (what it shows is what it is called), the column's status included. */}
          <Box component="span" sx={visuallyHidden}>
            , {humaniseCode(status)}
          </Box>
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {row.requester.full_name || row.requester.email}
        </Typography>
        {row.cost_centre && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {row.cost_centre.name ?? WITHHELD_LABEL}
          </Typography>
        )}
        <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap', gap: 0.5 }}>
          <PriorityChip priority={row.priority} />
          <SlaCountdown ticket={row} />
        </Stack>
      </Box>
      <IconButton
        size="small"
        aria-label={`Move ${number} to another status`}
        aria-haspopup="menu"
        onClick={(event) => setMenu(event.currentTarget)}
        sx={{ position: 'absolute', top: 4, right: 4 }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        {menuMoves(status).map((to) => (
          <MenuItem
            key={to}
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
