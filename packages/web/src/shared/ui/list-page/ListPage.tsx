import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, LinearProgress, Paper, Typography, useMediaQuery } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { DataGrid, GRID_CHECKBOX_SELECTION_COL_DEF, useGridApiRef, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { ApiError } from '../../../api/http-client';
import { useAppSettings } from '../../settings/app-settings.queries';
import { fileSize } from '../../file-size';
import { PageFrame } from '../PageFrame';
import { PageLoading } from '../PageLoading';
import { ActiveFilterChips } from './ActiveFilterChips';
import { EmptyOverlay, GridOverlayRow, type ListPageEmpty } from './EmptyOverlay';
import { FilterBar, type FilterEditTarget } from './FilterBar';
import { ListCards, displayedRows } from './ListCards';
import { ColumnMenuContext, ListColumnMenu, RenameColumnDialog, type ColumnMenuActions } from './ListColumnMenu';
import { ListToolbar } from './ListToolbar';
import { SelectionBar, selectedIdsOf, type BulkContext } from './SelectionBar';
import type { ListColumn } from './list-columns';
import type { ListFilters } from './list-filters';
import type { ListSource } from './list-source';
import { listQueryOf, moveField, PAGE_SIZES, type Density } from './list-state';
import { usePageSetting } from './page-setting.queries';
import { usePermissions } from '../../session/session';
import type { View } from '@ops/contract/views/views.schemas';
import { ViewsMenu } from './ViewsMenu';
import { useViews } from './views.queries';
import { sameView, startViewOf } from './named-views';
import { useCsvExport } from './use-csv-export';
import { useCellText, useGridColumns } from './use-grid-columns';
import { useListData } from './use-list-data';
import { useListView } from './use-list-view';

export type { ListPageEmpty } from './EmptyOverlay';
export type { BulkContext } from './SelectionBar';

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
  /** A bulk action (Bulk change) in the toolbar: with it the grid gets a checkbox column and "Select all N matching". */
  bulkAction?: (context: BulkContext) => ReactNode;
  /** More toolbar buttons beside Export (Import). */
  tools?: ReactNode;
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
  const views = useViews(props.pageKey, !props.embedded);
  // Named views are a convenience: if they cannot load, the list still opens.
  const viewsPending = !props.embedded && views.isPending;
  const content =
    setting.isPending || appSettings.isPending || viewsPending ? (
      <PageLoading />
    ) : (
      <ListView
        {...props}
        saved={setting.data?.page_setting}
        views={views.data ?? []}
        densityFallback={APP_DENSITY[appSettings.data?.display_density ?? ''] ?? 'standard'}
      />
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
  views: View[];
  densityFallback: Density;
}

const defaultRowId = (row: { id: string }) => row.id;
const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

function ListView<Row extends { id: string }>(props: ListViewProps<Row>) {
  const { pageKey, source, columns, rowHref, getRowId, exportName, empty, embedded, saved, views, densityFallback, title, gridLabel, fixedFilters, bulkAction } = props;
  const label = gridLabel ?? title;
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const apiRef = useGridApiRef();
  const [filterTarget, setFilterTarget] = useState<FilterEditTarget | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  const [searchParams] = useSearchParams();
  const [startView] = useState(() => (embedded ? null : startViewOf(views, searchParams)));
  const { view, page, setPage, update, searchText, setSearchText, clearSearchAndFilters, resetView, viewId, applyView } = useListView({ pageKey, saved, densityFallback, embedded, startView });
  const canShare = usePermissions().data?.permissions.identity?.view?.share === true;
  const activeView = views.find((v) => v.id === viewId);
  const queryView = fixedFilters ? { ...view, filters: { ...view.filters, ...fixedFilters } } : view;
  const query = listQueryOf(queryView, page);
  const { list, rows, rowCount, counted } = useListData<Row>(source, query);
  const { gridColumns, byField, order, labelOf, visibility } = useGridColumns({ columns, view, rows, rowHref });
  const cellText = useCellText<Row>();
  const csv = useCsvExport<Row>(source, exportName);
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [allMatching, setAllMatching] = useState(false);
  const selectable = bulkAction !== undefined && !phone;
  const rowIdOf = getRowId ?? defaultRowId;
  const selectedIds = selectable ? selectedIdsOf(selection, rows.map(rowIdOf)) : [];
  const clearSelection = () => {
    setSelection(EMPTY_SELECTION);
    setAllMatching(false);
  };
  // Another filter or search is another set of records: a selection made in the old one is dropped.
  const matchKey = `${query.filters ?? ''}\n${query.search ?? ''}`;
  const [selectionMatchKey, setSelectionMatchKey] = useState(matchKey);
  if (selectionMatchKey !== matchKey) {
    setSelectionMatchKey(matchKey);
    clearSelection();
  }
  const bulkContext: BulkContext = {
    ids: allMatching ? null : selectedIds,
    count: allMatching || selectedIds.length === 0 ? (list.data?.count ?? 0) : selectedIds.length,
    query: listQueryOf(queryView, 1),
    clear: clearSelection,
  };

  const visibleOrder = order.filter((field) => visibility[field] !== false);
  const canFilter = (field: string) => byField.get(field)?.kind !== undefined && (byField.get(field)?.kind !== 'relation' || byField.get(field)?.relation !== undefined);
  const filterColumns = columns.filter((c) => canFilter(c.field));
  const menuActions: ColumnMenuActions = {
    rename: setRenaming,
    filter: (field) => {
      const anchor = document.querySelector<HTMLElement>(`[role="columnheader"][data-field="${CSS.escape(field)}"]`) ?? document.body;
      setFilterTarget({ anchor, field });
    },
    canFilter,
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

  // Both models keep their identity between renders: a new sort model makes the grid go back to the first page.
  const sortKey = view.sorting.slice(0, 1).join(',');
  const sortModel: GridSortModel = useMemo(() => (sortKey ? [{ field: sortKey.replace(/^-/, ''), sort: sortKey.startsWith('-') ? 'desc' : 'asc' }] : []), [sortKey]);
  const paginationModel: GridPaginationModel = useMemo(() => ({ page: page - 1, pageSize: view.page_size }), [page, view.page_size]);
  const filtered = Object.keys(view.filters).length > 0 || view.search.trim() !== '';
  const onPageSize = (pageSize: number) => update({ page_size: pageSize }, { resetPage: true });

  const badRequest = list.error instanceof ApiError && list.error.status === 400;
  const renamingColumn = renaming ? byField.get(renaming) : undefined;
  const emptyState = <EmptyOverlay filtered={filtered} empty={empty} onClear={clearSearchAndFilters} />;

  return (
    <ColumnMenuContext.Provider value={menuActions}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ListToolbar
          label={label}
          searchText={searchText}
          onSearchText={setSearchText}
          views={
            embedded ? undefined : (
              <ViewsMenu
                pageKey={pageKey}
                views={views}
                activeId={activeView ? viewId : null}
                current={{ ...view }}
                modified={activeView ? !sameView(activeView.settings, view, densityFallback) : false}
                canShare={canShare}
                onApply={applyView}
              />
            )
          }
          filter={<FilterBar columns={filterColumns} filters={view.filters} onChange={(filters) => update({ filters }, { resetPage: true })} labelOf={labelOf} editing={filterTarget} onEdit={setFilterTarget} />}
          density={view.density}
          onDensity={(density) => update({ density })}
          onColumns={phone ? undefined : () => apiRef.current?.showPreferences('columns' as never)}
          onExport={
            exportName
              ? () =>
                  void csv.start(
                    listQueryOf(queryView, 1),
                    visibleOrder.map((f) => byField.get(f)!),
                    labelOf,
                  )
              : undefined
          }
          onExportXlsx={
            exportName
              ? () =>
                  void csv.start(
                    listQueryOf(queryView, 1),
                    visibleOrder.map((f) => byField.get(f)!),
                    labelOf,
                    'xlsx',
                  )
              : undefined
          }
          onExportRaw={
            exportName
              ? (format) =>
                  void csv.start(
                    listQueryOf(queryView, 1),
                    visibleOrder.map((f) => byField.get(f)!),
                    labelOf,
                    format,
                    'raw',
                  )
              : undefined
          }
          exporting={csv.exporting !== null}
          exportDisabled={list.data?.count === 0}
          onReset={resetView}
          bulk={bulkAction?.(bulkContext)}
          tools={props.tools}
        />
        <ActiveFilterChips
          columns={filterColumns}
          filters={view.filters}
          search={view.search}
          labelOf={labelOf}
          onFiltersChange={(filters) => update({ filters }, { resetPage: true })}
          onClearSearch={() => {
            setSearchText('');
            update({ search: '' }, { resetPage: true });
          }}
          onClearAll={clearSearchAndFilters}
          onEdit={setFilterTarget}
        />
        {selectable && (selectedIds.length > 0 || allMatching) && (
          <SelectionBar selected={selectedIds.length} matching={list.data?.count ?? 0} allMatching={allMatching} onAllMatching={() => setAllMatching(true)} onClear={clearSelection} />
        )}
        {csv.exporting && (
          <Box role="status" aria-live="polite" sx={{ px: 2, py: 1, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', gap: 2 }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="body2">
                Exporting… {csv.exporting.progress.rows.toLocaleString()} rows · {fileSize(csv.exporting.progress.bytes)}
              </Typography>
              <LinearProgress sx={{ mt: 0.5 }} />
            </Box>
            <Button size="small" onClick={() => csv.exporting?.abort.abort()}>
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
        ) : phone && !embedded ? (
          <ListCards<Row>
            label={label}
            rows={rows}
            getRowId={getRowId ?? defaultRowId}
            columns={visibleOrder.map((f) => byField.get(f)!)}
            labelOf={labelOf}
            cellText={cellText}
            rowHref={rowHref}
            loading={list.isFetching}
            page={page}
            pageSize={view.page_size}
            rowCount={rowCount}
            filtered={filtered}
            onPage={setPage}
            onPageSize={onPageSize}
            empty={emptyState}
          />
        ) : (
          <Box sx={{ height: embedded ? embeddedHeight(rows.length, view.density) : { xs: 560, md: 'calc(100vh - 260px)' }, minHeight: embedded ? 0 : 400 }}>
            <DataGrid<Row>
              apiRef={apiRef}
              aria-label={label}
              rows={rows}
              rowCount={rowCount}
              columns={gridColumns}
              loading={list.isFetching}
              paginationMode="server"
              sortingMode="server"
              filterMode="server"
              disableColumnFilter
              disableRowSelectionOnClick
              checkboxSelection={selectable}
              keepNonExistentRowsSelected={selectable}
              rowSelectionModel={selectable ? (allMatching ? { type: 'include', ids: new Set(rows.map(rowIdOf)) } : selection) : undefined}
              onRowSelectionModelChange={
                selectable
                  ? (model) => {
                      setSelection(model);
                      setAllMatching(false);
                    }
                  : undefined
              }
              // The first column stays in place while the others scroll (CSS sticky below), so it must stay rendered.
              columnBufferPx={4000}
              pageSizeOptions={[...PAGE_SIZES]}
              paginationModel={paginationModel}
              onPaginationModelChange={(model) => {
                if (model.pageSize !== view.page_size) onPageSize(model.pageSize);
                // Until the count is known the grid cannot tell a real page from one past the end.
                else if (counted && model.page + 1 !== page) setPage(model.page + 1);
              }}
              sortModel={sortModel}
              onSortModelChange={(model) => update({ sorting: model.map((item) => (item.sort === 'desc' ? `-${item.field}` : item.field)) }, { resetPage: true })}
              columnVisibilityModel={visibility}
              onColumnVisibilityModelChange={(model) => update({ visible_fields: order.filter((field) => model[field] !== false) })}
              onColumnWidthChange={(params) => update({ column_widths: { ...view.column_widths, [params.colDef.field]: Math.round(params.width) } }, { debounce: true })}
              density={view.density}
              // A click on a row's checkbox selects it; anywhere else on the row opens it.
              onRowClick={
                rowHref
                  ? (params, event) => {
                      if (!(event.target as HTMLElement).closest?.('[data-field="__check__"]')) void navigate(rowHref(params.row));
                    }
                  : undefined
              }
              onCellKeyDown={(params, event) => {
                if (event.key === 'Enter' && rowHref && !event.defaultPrevented) {
                  event.preventDefault();
                  navigate(rowHref(params.row));
                }
              }}
              getRowId={getRowId}
              localeText={{ paginationDisplayedRows: ({ from, to, count }) => displayedRows(from, to, count, filtered) }}
              slots={{ columnMenu: ListColumnMenu, noRowsOverlay: () => <GridOverlayRow>{emptyState}</GridOverlayRow> }}
              sx={{
                border: 0,
                '& .MuiDataGrid-row': { cursor: rowHref ? 'pointer' : 'default' },
                '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
                // The first column is pinned: it stays in view while the grid scrolls sideways.
                '& .MuiDataGrid-columnHeader[aria-colindex="1"], & .MuiDataGrid-cell[aria-colindex="1"]': {
                  position: 'sticky',
                  left: 0,
                  zIndex: 2,
                  bgcolor: 'background.paper',
                  borderRight: 1,
                  borderRightColor: 'divider',
                },
                '& .MuiDataGrid-row:hover .MuiDataGrid-cell[aria-colindex="1"]': { bgcolor: 'background.paper', backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})` },
                // With a checkbox column the first data column stays pinned beside it.
                ...(selectable && {
                  '& .MuiDataGrid-columnHeader[aria-colindex="2"], & .MuiDataGrid-cell[aria-colindex="2"]': {
                    position: 'sticky',
                    left: GRID_CHECKBOX_SELECTION_COL_DEF.width,
                    zIndex: 2,
                    bgcolor: 'background.paper',
                    borderRight: 1,
                    borderRightColor: 'divider',
                  },
                  '& .MuiDataGrid-columnHeader[aria-colindex="1"], & .MuiDataGrid-cell[aria-colindex="1"]': { position: 'sticky', left: 0, zIndex: 2, bgcolor: 'background.paper' },
                  '& .MuiDataGrid-row:hover .MuiDataGrid-cell[aria-colindex="2"]': { bgcolor: 'background.paper', backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})` },
                  // Pinned cells are opaque: they show the selected row's tint themselves.
                  '& .MuiDataGrid-row.Mui-selected .MuiDataGrid-cell[aria-colindex="1"], & .MuiDataGrid-row.Mui-selected .MuiDataGrid-cell[aria-colindex="2"]': {
                    backgroundImage: `linear-gradient(${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)}, ${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)})`,
                  },
                }),
                // A horizontal scrollbar that can be seen and grabbed: a scrollbar colour turns the
                // overlay scrollbars of macOS and phones (shown only while scrolling) into classic ones.
                '& .MuiDataGrid-scrollbar--horizontal': { scrollbarColor: `${theme.palette.text.secondary} ${theme.palette.action.hover}` },
              }}
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
          onSave={(field, newLabel) => {
            const next = { ...view.renaming };
            if (newLabel) next[field] = newLabel;
            else delete next[field];
            update({ renaming: next });
            setRenaming(null);
          }}
        />
      )}
    </ColumnMenuContext.Provider>
  );
}

/** The data grid's density factors of its 56 px header and 52 px rows. */
const DENSITY_FACTOR: Record<Density, number> = { compact: 0.7, standard: 1, comfortable: 1.3 };

/** A list inside a tab is as tall as its rows (at least three, at most 480 px), not a fixed block of empty space. */
function embeddedHeight(rows: number, density: Density): number {
  const footer = 54;
  return Math.min(480, Math.ceil((56 + Math.max(rows, 3) * 52) * DENSITY_FACTOR[density]) + footer + 4);
}
