import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Paper, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { View } from '@ops/contract/views/views.schemas';
import { usePermissions } from '../../session/session';
import { useAppSettings } from '../../settings/app-settings.queries';
import { PageFrame } from '../PageFrame';
import { PageLoading } from '../PageLoading';
import { ActiveFilterChips } from './ActiveFilterChips';
import { EmptyOverlay, type ListPageEmpty } from './EmptyOverlay';
import { ExportProgress } from './ExportProgress';
import { FilterBar } from './FilterBar';
import { ListCards } from './ListCards';
import { ColumnMenuContext } from './ListColumnMenu';
import { ListGrid } from './ListGrid';
import { ListLoadError } from './ListLoadError';
import { ListToolbar } from './ListToolbar';
import { SelectionBar, type BulkContext } from './SelectionBar';
import type { ListColumn } from './list-columns';
import type { ListFilters } from './list-filters';
import type { ListSource } from './list-source';
import type { Density } from './list-state';
import { listRequestOf } from './list-request';
import { sameView, startViewOf } from './named-views';
import { usePageSetting } from './page-setting.queries';
import { useColumnMenu } from './use-column-menu';
import { useCellText, useGridColumns } from './use-grid-columns';
import { useListData } from './use-list-data';
import { useListExport } from './use-list-export';
import { useListSelection } from './use-list-selection';
import { useListView } from './use-list-view';
import { filterControlsProps } from './filter-controls';
import { ViewsMenu } from './ViewsMenu';
import { useViews } from './views.queries';

// Opened from a button or a column's menu: they load then, not with the list.
const ColumnsPanel = lazy(async () => ({ default: (await import('./ColumnsPanel')).ColumnsPanel }));
const RenameColumnDialog = lazy(async () => ({ default: (await import('./RenameColumnDialog')).RenameColumnDialog }));

export type { ListPageEmpty } from './EmptyOverlay';
export type { BulkContext } from './SelectionBar';
// The filter builder, for other editors of list filters (automation rules' conditions): taken through
// this module, so it stays in the list page's chunk instead of a chunk of its own beside it.
export { FilterBar, type FilterEditTarget } from './FilterBar';
export { ActiveFilterChips } from './ActiveFilterChips';

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
    <PageFrame title={props.title} subtitle={props.subtitle} actions={props.actions} fill>
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

function ListView<Row extends { id: string }>(props: ListViewProps<Row>) {
  const {
    pageKey,
    source,
    columns,
    rowHref,
    getRowId,
    exportName,
    empty,
    embedded,
    saved,
    views,
    densityFallback,
    title,
    gridLabel,
    fixedFilters,
    bulkAction,
  } = props;
  const label = gridLabel ?? title;
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [columnsAnchor, setColumnsAnchor] = useState<HTMLElement | null>(null);

  const [searchParams] = useSearchParams();
  const [startView] = useState(() => (embedded ? null : startViewOf(views, searchParams)));
  const listView = useListView({ pageKey, saved, densityFallback, embedded, startView });
  const { view, page, setPage, update, searchText, setSearchText, clearSearchAndFilters, resetView, viewId, applyView } = listView;
  const canShare = usePermissions().data?.permissions.identity?.view?.share === true;
  const activeView = views.find((v) => v.id === viewId);
  // The same request the shell may have started already (`prefetchListView`): `list-request.ts` builds both.
  const query = listRequestOf(view, page, fixedFilters);
  const firstPageQuery = listRequestOf(view, 1, fixedFilters);
  const { list, rows, rowCount, counted } = useListData<Row>(source, query);
  const { gridColumns, byField, order, labelOf, visibility } = useGridColumns({ columns, view, rows, rowHref });
  const cellText = useCellText<Row>();
  const rowIdOf = getRowId ?? defaultRowId;
  const selectable = bulkAction !== undefined && !phone;
  const selection = useListSelection({ enabled: selectable, rows, rowIdOf, query, firstPageQuery, count: list.data?.count ?? 0 });
  const { filterTarget, setFilterTarget, setRenaming, renamingColumn, visibleOrder, filterColumns, menuActions } = useColumnMenu({
    columns,
    byField,
    order,
    visibility,
    update,
  });
  const visibleColumns = visibleOrder.map((f) => byField.get(f)!);
  const exports = useListExport({ source, exportName, query: firstPageQuery, columns: visibleColumns, labelOf });

  const filtered = Object.keys(view.filters).length > 0 || view.search.trim() !== '';
  const onPageSize = (pageSize: number) => update({ page_size: pageSize }, { resetPage: true });
  const filterControls = filterControlsProps({ columns: filterColumns, list: listView, labelOf, editing: filterTarget, onEdit: setFilterTarget });
  const emptyState = <EmptyOverlay filtered={filtered} empty={empty} onClear={clearSearchAndFilters} />;

  return (
    <ColumnMenuContext.Provider value={menuActions}>
      {/* On a page, the list grows into the height the page frame leaves it (the grid scrolls inside). */}
      <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column', flex: '1 0 auto' }}>
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
          filter={
            <FilterBar {...filterControls.bar} />
          }
          density={view.density}
          onDensity={(density) => update({ density })}
          onColumns={phone ? undefined : setColumnsAnchor}
          onExport={exports.onExport}
          onExportXlsx={exports.onExportXlsx}
          onExportRaw={exports.onExportRaw}
          exporting={exports.exporting !== null}
          exportDisabled={list.data?.count === 0}
          onReset={resetView}
          bulk={bulkAction?.(selection.bulkContext)}
          tools={props.tools}
        />
        <ActiveFilterChips {...filterControls.chips} />
        {selectable && (selection.selectedIds.length > 0 || selection.allMatching) && (
          <SelectionBar
            selected={selection.selectedIds.length}
            matching={list.data?.count ?? 0}
            allMatching={selection.allMatching}
            onAllMatching={selection.selectAllMatching}
            onClear={selection.clear}
          />
        )}
        {exports.exporting && <ExportProgress exporting={exports.exporting} />}
        {list.isError && !list.data ? (
          <ListLoadError error={list.error} onReset={resetView} onRetry={() => void list.refetch()} />
        ) : phone && !embedded ? (
          <ListCards<Row>
            label={label}
            rows={rows}
            getRowId={rowIdOf}
            columns={visibleColumns}
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
          <ListGrid<Row>
            label={label}
            rows={rows}
            rowCount={rowCount}
            columns={gridColumns}
            loading={list.isFetching}
            embedded={embedded}
            view={view}
            page={page}
            counted={counted}
            setPage={setPage}
            onPageSize={onPageSize}
            update={update}
            order={order}
            visibility={visibility}
            rowHref={rowHref}
            getRowId={getRowId}
            filtered={filtered}
            emptyState={emptyState}
            selectable={selectable}
            selectionModel={selection.gridModel}
            onSelectionModelChange={selection.onGridModelChange}
            onManageColumns={setColumnsAnchor}
          />
        )}
      </Paper>
      {columnsAnchor && (
        <Suspense fallback={null}>
          <ColumnsPanel
            anchorEl={columnsAnchor}
            onClose={() => setColumnsAnchor(null)}
            columns={order.map((field) => ({ field, label: labelOf(byField.get(field)!) }))}
            visibility={visibility}
            onChange={(visibleFields) => update({ visible_fields: visibleFields })}
          />
        </Suspense>
      )}
      {renamingColumn && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </ColumnMenuContext.Provider>
  );
}
