import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  LinearProgress,
  Link,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { DataGrid, useGridApiRef, type GridColDef, type GridColumnVisibilityModel, type GridSortModel } from '@mui/x-data-grid';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import CheckIcon from '@mui/icons-material/Check';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { ApiError } from '../../../api/http-client';
import { useAppSettings, useDateTimeFormatter } from '../../settings/app-settings.queries';
import { PageFrame } from '../PageFrame';
import { PageLoading } from '../PageLoading';
import { downloadCsv, type DownloadProgress } from './csv-download';
import { exportSelection, type ListColumn } from './list-columns';
import type { ListFilters } from './list-filters';
import { FilterBar, type FilterEditTarget } from './FilterBar';
import { ColumnMenuContext, ListColumnMenu, RenameColumnDialog, type ColumnMenuActions } from './ListColumnMenu';
import { listPageQuery, sourceUrl, type ListSource } from './list-source';
import {
  DENSITIES,
  EMPTY_VIEW,
  listQueryOf,
  moveField,
  orderedFields,
  PAGE_SIZES,
  settingFromView,
  historyModeOf,
  urlViewOf,
  viewAtUrl,
  viewFromSetting,
  withUrlView,
  type Density,
  type ListViewState,
} from './list-state';
import { usePageSetting, useSavePageSetting } from './page-setting.queries';

export interface ListPageEmpty {
  title: string;
  description?: string;
  action?: ReactNode;
}

export interface ListPageProps<Row extends { id: string }> {
  /** Page setting key (uppercase, digits, hyphens), one per route: `CLIENTS`. */
  pageKey: string;
  title: string;
  subtitle?: ReactNode;
  source: ListSource;
  columns: ListColumn<Row>[];
  /** Where a row opens; rows do not open without it. */
  rowHref?: (row: Row) => string;
  /** The row's key when the records have no `id` (payroll employees are keyed by EmpCode). */
  getRowId?: (row: Row) => string;
  /** Buttons beside the title (New client). */
  actions?: ReactNode;
  /** File name of the CSV export, without extension; no export button without it. */
  exportName?: string;
  /** What an empty list says when no filter or search hides anything. */
  empty?: ListPageEmpty;
  /** Inside another page (a detail tab): no page frame and no URL state. */
  embedded?: boolean;
  /** Accessible name of the grid (defaults to the title). */
  gridLabel?: string;
  /** Filters the page always applies (a client's cost centres); not shown, saved or put in the URL. */
  fixedFilters?: ListFilters;
}

const APP_DENSITY: Record<string, Density> = { COMPACT: 'compact', STANDARD: 'standard', COMFORTABLE: 'comfortable' };

/**
 * The list page every record list uses: the API's list engine does the
 * paging, sorting, filtering and search; the user's view (filters, sorting,
 * column names, visibility, order and widths, density, page size, search) is
 * saved in their page setting and mirrored in the URL so a link shares it.
 */
export function ListPage<Row extends { id: string }>(props: ListPageProps<Row>) {
  const setting = usePageSetting(props.pageKey);
  const appSettings = useAppSettings();
  const content =
    setting.isPending || appSettings.isPending ? (
      <PageLoading />
    ) : (
      <ListView {...props} saved={setting.data?.page_setting} densityFallback={APP_DENSITY[appSettings.data?.display_density ?? ''] ?? 'standard'} />
    );
  if (props.embedded) return content;
  return (
    <PageFrame title={props.title} subtitle={props.subtitle} actions={props.actions}>
      {content}
    </PageFrame>
  );
}

interface ListViewProps<Row extends { id: string }> extends ListPageProps<Row> {
  saved: Record<string, unknown> | undefined;
  densityFallback: Density;
}

function ListView<Row extends { id: string }>({ pageKey, source, columns, rowHref, getRowId, exportName, empty, embedded, saved, densityFallback, title, gridLabel, fixedFilters }: ListViewProps<Row>) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const formatDate = useDateTimeFormatter();
  const apiRef = useGridApiRef();
  const savePageSetting = useSavePageSetting(pageKey);
  const { enqueueSnackbar } = useSnackbar();

  // The saved view, overridden by whatever a shared link carries.
  const [initial] = useState(() => {
    const stored = viewFromSetting(saved, densityFallback);
    const fromUrl = embedded ? {} : urlViewOf(searchParams);
    const { page = 1, ...shared } = fromUrl;
    return { view: { ...stored, ...shared } as ListViewState, page };
  });
  const [view, setView] = useState<ListViewState>(initial.view);
  const [page, setPage] = useState(initial.page);
  const [searchText, setSearchText] = useState(initial.view.search);
  const [filterTarget, setFilterTarget] = useState<FilterEditTarget | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [densityAnchor, setDensityAnchor] = useState<HTMLElement | null>(null);
  const [exporting, setExporting] = useState<{ progress: DownloadProgress; abort: AbortController } | null>(null);

  // Saves are debounced; a pending one is flushed when the page closes.
  const pendingSave = useRef<{ timer: ReturnType<typeof setTimeout>; value: Record<string, unknown> } | null>(null);
  const flush = useCallback(() => {
    const pending = pendingSave.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    pendingSave.current = null;
    void savePageSetting(pending.value);
  }, [savePageSetting]);
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  /** Discrete changes save at once; typing and column dragging (`debounce`) save after a pause. */
  const update = useCallback(
    (change: Partial<ListViewState>, options: { resetPage?: boolean; debounce?: boolean } = {}) => {
      setView((current) => {
        const next = { ...current, ...change };
        const value = settingFromView(next, saved);
        if (pendingSave.current) clearTimeout(pendingSave.current.timer);
        pendingSave.current = { value, timer: setTimeout(flush, options.debounce ? 600 : 0) };
        return next;
      });
      if (options.resetPage) setPage(1);
    },
    [flush, saved],
  );

  // Back and Forward: a URL this page did not write is read into the view (filters, sorting, search, page).
  const syncedUrl = useRef<string | null>(null);
  const replaceNext = useRef(true);
  useEffect(() => {
    if (embedded) return;
    const current = searchParams.toString();
    if (syncedUrl.current === null || current === syncedUrl.current) {
      // First render: the view already started from this URL (and the saved setting).
      syncedUrl.current = current;
      return;
    }
    syncedUrl.current = current;
    replaceNext.current = true;
    const { view: next, page: nextPage } = viewAtUrl(searchParams, view);
    update(next);
    setPage(nextPage);
    setSearchText(next.search);
    // Only a changed URL is read here (the view is deliberately not a dependency).
  }, [searchParams, embedded]);

  // The address bar mirrors the view so the link can be shared or bookmarked; filters, sorting and paging are history entries.
  useEffect(() => {
    if (embedded) return;
    const next = withUrlView(searchParams, view, page);
    const mode = replaceNext.current ? 'replace' : historyModeOf(searchParams, next);
    replaceNext.current = false;
    if (next.toString() === searchParams.toString()) return;
    syncedUrl.current = next.toString();
    setSearchParams(next, { replace: mode === 'replace' });
    // The URL follows the view, not the other way round (the URL is deliberately not a dependency).
  }, [view, page, embedded]);

  // Typing searches after a pause, not on every key.
  useEffect(() => {
    if (searchText === view.search) return;
    const timer = setTimeout(() => update({ search: searchText }, { resetPage: true, debounce: true }), 350);
    return () => clearTimeout(timer);
  }, [searchText, view.search, update]);

  const queryView = fixedFilters ? { ...view, filters: { ...view.filters, ...fixedFilters } } : view;
  const query = listQueryOf(queryView, page);
  const list = useQuery(listPageQuery<Row>(source, query));

  const byField = useMemo(() => new Map(columns.map((column) => [column.field, column])), [columns]);
  const order = useMemo(() => orderedFields(columns.map((c) => c.field), view.column_order), [columns, view.column_order]);
  const labelOf = useCallback((column: ListColumn<Row>) => view.renaming[column.field] ?? column.headerName, [view.renaming]);

  const visibility: GridColumnVisibilityModel = useMemo(() => {
    const chosen = new Set(view.visible_fields);
    return Object.fromEntries(columns.map((c) => [c.field, view.visible_fields.length ? chosen.has(c.field) : c.defaultVisible]));
  }, [columns, view.visible_fields]);

  const gridColumns: GridColDef<Row>[] = useMemo(
    () =>
      order.map((field) => {
        const column = byField.get(field)!;
        const text = (row: Row) => (column.kind === 'datetime' && !column.render ? formatIfSet(formatDate, column.value(row)) : column.value(row));
        return {
          field,
          headerName: labelOf(column),
          description: view.renaming[field] ? `${view.renaming[field]} (${column.headerName})` : undefined,
          sortable: column.sortable,
          filterable: false,
          align: column.align,
          headerAlign: column.align,
          width: view.column_widths[field] ?? column.width ?? 180,
          valueGetter: (_value: unknown, row: Row) => text(row),
          renderCell: ({ row }: { row: Row }) => {
            if (column.render) return column.render(row);
            if (column.link && rowHref) {
              return (
                <Link component={RouterLink} to={rowHref(row)} onClick={(event) => event.stopPropagation()} underline="hover" sx={{ fontWeight: 500 }}>
                  {text(row) || '—'}
                </Link>
              );
            }
            return text(row);
          },
        } satisfies GridColDef<Row>;
      }),
    [order, byField, labelOf, view.renaming, view.column_widths, rowHref, formatDate],
  );

  const visibleOrder = order.filter((field) => visibility[field] !== false);
  const menuActions: ColumnMenuActions = {
    rename: setRenaming,
    filter: (field) => {
      const anchor = document.querySelector<HTMLElement>(`[role="columnheader"][data-field="${CSS.escape(field)}"]`) ?? document.body;
      setFilterTarget({ anchor, field });
    },
    canFilter: (field) => byField.get(field)?.kind !== undefined && (byField.get(field)?.kind !== 'relation' || byField.get(field)?.relation !== undefined),
    move: (field, by) => {
      // Moving past hidden columns would look like nothing happened: step over them.
      const visibleMoved = moveField(visibleOrder, field, by);
      const hidden = order.filter((f) => visibility[f] === false);
      update({ column_order: [...visibleMoved, ...hidden] });
    },
    canMove: (field, by) => {
      const at = visibleOrder.indexOf(field);
      return at >= 0 && at + by >= 0 && at + by < visibleOrder.length;
    },
  };

  const sortModel: GridSortModel = view.sorting.slice(0, 1).map((term) => ({ field: term.replace(/^-/, ''), sort: term.startsWith('-') ? 'desc' : 'asc' }));
  const filtered = Object.keys(view.filters).length > 0 || view.search.trim() !== '';

  const startExport = async () => {
    // The file's columns are the grid's: the visible ones, in their order, under the names the user gave them.
    const { select, labels } = exportSelection(visibleOrder.map((f) => byField.get(f)!), labelOf);
    const exportQuery: Record<string, string> = { ...listQueryOf(queryView, 1), format: 'csv', select, labels: JSON.stringify(labels) };
    delete exportQuery.limit;
    delete exportQuery.offset;
    const abort = new AbortController();
    setExporting({ progress: { bytes: 0, rows: 0 }, abort });
    try {
      const done = await downloadCsv(sourceUrl(source, exportQuery), `${exportName}.csv`, (progress) => setExporting((current) => (current ? { ...current, progress } : current)), abort.signal);
      enqueueSnackbar(`Exported ${done.rows.toLocaleString()} ${done.rows === 1 ? 'row' : 'rows'}.`, { variant: 'success' });
    } catch (error) {
      if (!abort.signal.aborted) enqueueSnackbar(error instanceof ApiError ? error.message : 'The export failed. Please try again.', { variant: 'error' });
    } finally {
      setExporting(null);
    }
  };

  const clearFilters = () => {
    setSearchText('');
    update({ filters: {}, search: '' }, { resetPage: true });
  };

  const resetView = () => {
    setSearchText('');
    update({ ...EMPTY_VIEW, density: densityFallback }, { resetPage: true });
  };

  const badRequest = list.error instanceof ApiError && list.error.status === 400;
  const renamingColumn = renaming ? byField.get(renaming) : undefined;

  return (
    <ColumnMenuContext.Provider value={menuActions}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Stack direction="row" sx={{ p: 1.5, gap: 1, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
          <TextField
            size="small"
            placeholder="Search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            sx={{ width: { xs: '100%', sm: 260 } }}
            slotProps={{
              htmlInput: { 'aria-label': `Search ${gridLabel ?? title}` },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: searchText ? (
                  <InputAdornment position="end">
                    <IconButton size="small" aria-label="Clear search" onClick={() => setSearchText('')}>
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : null,
              },
            }}
          />
          <FilterBar columns={columns.filter((c) => menuActions.canFilter(c.field))} filters={view.filters} onChange={(filters) => update({ filters }, { resetPage: true })} labelOf={labelOf} editing={filterTarget} onEdit={setFilterTarget} />
          <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Tooltip title="Show or hide columns" describeChild>
              <Button size="small" aria-label="Columns" startIcon={<ViewColumnIcon />} onClick={() => apiRef.current?.showPreferences('columns' as never)} sx={COMPACT_ON_PHONES}>
                <ToolbarLabel>Columns</ToolbarLabel>
              </Button>
            </Tooltip>
            <Tooltip title="Row density" describeChild>
              <Button size="small" aria-label="Density" startIcon={<DensityMediumIcon />} onClick={(event) => setDensityAnchor(event.currentTarget)} aria-haspopup="menu" sx={COMPACT_ON_PHONES}>
                <ToolbarLabel>Density</ToolbarLabel>
              </Button>
            </Tooltip>
            <Menu anchorEl={densityAnchor} open={densityAnchor !== null} onClose={() => setDensityAnchor(null)}>
              {DENSITIES.map((density) => (
                <MenuItem
                  key={density}
                  selected={view.density === density}
                  onClick={() => {
                    update({ density });
                    setDensityAnchor(null);
                  }}
                >
                  <ListItemIcon>{view.density === density ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
                  <ListItemText>{density[0]!.toUpperCase() + density.slice(1)}</ListItemText>
                </MenuItem>
              ))}
            </Menu>
            {exportName && (
              <Button
                size="small"
                startIcon={exporting ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />}
                onClick={() => void startExport()}
                disabled={exporting !== null || list.data?.count === 0}
              >
                {exporting ? 'Exporting…' : 'Export CSV'}
              </Button>
            )}
            <Tooltip title="Back to the default columns, filters and sorting">
              <IconButton size="small" aria-label="Reset view" onClick={resetView}>
                <RestartAltIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </Stack>
        {exporting && (
          <Box role="status" aria-live="polite" sx={{ px: 2, py: 1, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', gap: 2 }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="body2">
                Exporting… {exporting.progress.rows.toLocaleString()} rows · {formatBytes(exporting.progress.bytes)}
              </Typography>
              <LinearProgress sx={{ mt: 0.5 }} />
            </Box>
            <Button size="small" onClick={() => exporting.abort.abort()}>
              Cancel
            </Button>
          </Box>
        )}
        {list.isError && !list.data ? (
          <Box sx={{ p: 2 }}>
            <Alert
              severity="error"
              action={
                badRequest ? (
                  <Button color="inherit" size="small" onClick={resetView}>
                    Reset view
                  </Button>
                ) : (
                  <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                    Retry
                  </Button>
                )
              }
            >
              {badRequest ? `This view cannot be shown: ${list.error.message}` : 'The list could not be loaded.'}
            </Alert>
          </Box>
        ) : (
          <Box sx={{ height: embedded ? embeddedHeight(list.data?.results.length ?? 0, view.density) : { xs: 560, md: 'calc(100vh - 260px)' }, minHeight: embedded ? 0 : 400 }}>
            <DataGrid<Row>
              apiRef={apiRef}
              aria-label={gridLabel ?? title}
              rows={list.data?.results ?? []}
              rowCount={list.data?.count ?? 0}
              columns={gridColumns}
              loading={list.isFetching}
              paginationMode="server"
              sortingMode="server"
              filterMode="server"
              disableColumnFilter
              disableRowSelectionOnClick
              pageSizeOptions={[...PAGE_SIZES]}
              paginationModel={{ page: page - 1, pageSize: view.page_size }}
              onPaginationModelChange={(model) => {
                if (model.pageSize !== view.page_size) update({ page_size: model.pageSize }, { resetPage: true });
                else setPage(model.page + 1);
              }}
              sortModel={sortModel}
              onSortModelChange={(model) => update({ sorting: model.map((item) => (item.sort === 'desc' ? `-${item.field}` : item.field)) }, { resetPage: true })}
              columnVisibilityModel={visibility}
              onColumnVisibilityModelChange={(model) => update({ visible_fields: order.filter((field) => model[field] !== false) })}
              onColumnWidthChange={(params) => update({ column_widths: { ...view.column_widths, [params.colDef.field]: Math.round(params.width) } }, { debounce: true })}
              density={view.density}
              onRowClick={rowHref ? (params) => navigate(rowHref(params.row)) : undefined}
              getRowId={getRowId}
              slots={{ columnMenu: ListColumnMenu, noRowsOverlay: () => <EmptyOverlay filtered={filtered} empty={empty} onClear={clearFilters} /> }}
              sx={{ border: 0, '& .MuiDataGrid-row': { cursor: rowHref ? 'pointer' : 'default' }, '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 } }}
            />
          </Box>
        )}
      </Paper>
      {renamingColumn && (
        <RenameColumnDialog
          field={renamingColumn.field}
          current={labelOf(renamingColumn)}
          original={renamingColumn.headerName}
          onClose={() => setRenaming(null)}
          onSave={(field, label) => {
            const next = { ...view.renaming };
            if (label) next[field] = label;
            else delete next[field];
            update({ renaming: next });
            setRenaming(null);
          }}
        />
      )}
    </ColumnMenuContext.Provider>
  );
}

/** On phones the Columns and Density buttons show their icons only (their names stay in aria-label), so the toolbar keeps to one row. */
const COMPACT_ON_PHONES = { minWidth: { xs: 40, sm: 64 }, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } } } as const;

function ToolbarLabel({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
      {children}
    </Box>
  );
}

/** The data grid's density factors of its 56 px header and 52 px rows. */
const DENSITY_FACTOR: Record<Density, number> = { compact: 0.7, standard: 1, comfortable: 1.3 };

/** A list inside a tab is as tall as its rows (at least three, at most 480 px), not a fixed block of empty space. */
function embeddedHeight(rows: number, density: Density): number {
  const footer = 54;
  return Math.min(480, Math.ceil((56 + Math.max(rows, 3) * 52) * DENSITY_FACTOR[density]) + footer + 4);
}

function formatIfSet(format: (value: string) => string, value: string): string {
  return value ? format(value) : '';
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function EmptyOverlay({ filtered, empty, onClear }: { filtered: boolean; empty?: ListPageEmpty; onClear: () => void }) {
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3, gap: 1 }}>
      <InboxOutlinedIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
      {filtered ? (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
            No records match this view
          </Typography>
          <Typography color="text.secondary">Change the search or filters to see more.</Typography>
          <Button onClick={onClear} sx={{ pointerEvents: 'auto' }}>
            Clear search and filters
          </Button>
        </>
      ) : (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.125rem' }}>
            {empty?.title ?? 'Nothing here yet'}
          </Typography>
          {empty?.description && <Typography color="text.secondary">{empty.description}</Typography>}
          {empty?.action && <Box sx={{ mt: 1, pointerEvents: 'auto' }}>{empty.action}</Box>}
        </>
      )}
    </Stack>
  );
}
