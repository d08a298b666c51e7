import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Box } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
  type useGridApiRef,
} from '@mui/x-data-grid';
import { GridOverlayRow } from './EmptyOverlay';
import { displayedRows } from './ListCards';
import { ListColumnMenu } from './ListColumnMenu';
import { PAGE_SIZES, type Density, type ListViewState } from './list-state';
import type { ListViewControls } from './use-list-view';

export interface ListGridProps<Row extends { id: string }> {
  apiRef: ReturnType<typeof useGridApiRef>;
  label: string;
  rows: Row[];
  rowCount: number;
  columns: GridColDef<Row>[];
  loading: boolean;
  /** Inside another page: the grid is as tall as its rows. */
  embedded: boolean | undefined;
  view: ListViewState;
  page: number;
  /** Whether the list's count is known (until then a page past the end cannot be told apart). */
  counted: boolean;
  setPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  update: ListViewControls['update'];
  /** Every field in the view's column order. */
  order: string[];
  visibility: GridColumnVisibilityModel;
  rowHref?: (row: Row) => string;
  getRowId?: (row: Row) => string;
  filtered: boolean;
  /** What the grid shows when there are no rows. */
  emptyState: ReactNode;
  /** With a bulk action: a checkbox column, and the selection below. */
  selectable: boolean;
  selectionModel: GridRowSelectionModel | undefined;
  onSelectionModelChange: ((model: GridRowSelectionModel) => void) | undefined;
}

/**
 * A list's data grid (desktop): server-side paging and sorting, the view's columns,
 * widths and density, rows that open on click or Enter, and a pinned first column.
 */
export function ListGrid<Row extends { id: string }>({
  apiRef,
  label,
  rows,
  rowCount,
  columns,
  loading,
  embedded,
  view,
  page,
  counted,
  setPage,
  onPageSize,
  update,
  order,
  visibility,
  rowHref,
  getRowId,
  filtered,
  emptyState,
  selectable,
  selectionModel,
  onSelectionModelChange,
}: ListGridProps<Row>) {
  const navigate = useNavigate();
  const theme = useTheme();
  // Both models keep their identity between renders: a new sort model makes the grid go back to the first page.
  const sortKey = view.sorting.slice(0, 1).join(',');
  const sortModel: GridSortModel = useMemo(
    () => (sortKey ? [{ field: sortKey.replace(/^-/, ''), sort: sortKey.startsWith('-') ? 'desc' : 'asc' }] : []),
    [sortKey],
  );
  const paginationModel: GridPaginationModel = useMemo(
    () => ({ page: page - 1, pageSize: view.page_size }),
    [page, view.page_size],
  );

  return (
    <Box
      sx={{
        height: embedded ? embeddedHeight(rows.length, view.density) : { xs: 560, md: 'calc(100vh - 260px)' },
        minHeight: embedded ? 0 : 400,
      }}
    >
      <DataGrid<Row>
        apiRef={apiRef}
        aria-label={label}
        rows={rows}
        rowCount={rowCount}
        columns={columns}
        loading={loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        disableRowSelectionOnClick
        checkboxSelection={selectable}
        keepNonExistentRowsSelected={selectable}
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={onSelectionModelChange}
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
        onSortModelChange={(model) =>
          update({ sorting: model.map((item) => (item.sort === 'desc' ? `-${item.field}` : item.field)) }, { resetPage: true })
        }
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={(model) => update({ visible_fields: order.filter((field) => model[field] !== false) })}
        onColumnWidthChange={(params) =>
          update(
            { column_widths: { ...view.column_widths, [params.colDef.field]: Math.round(params.width) } },
            { debounce: true },
          )
        }
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
          '& .MuiDataGrid-row:hover .MuiDataGrid-cell[aria-colindex="1"]': {
            bgcolor: 'background.paper',
            backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
          },
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
            '& .MuiDataGrid-columnHeader[aria-colindex="1"], & .MuiDataGrid-cell[aria-colindex="1"]': {
              position: 'sticky',
              left: 0,
              zIndex: 2,
              bgcolor: 'background.paper',
            },
            '& .MuiDataGrid-row:hover .MuiDataGrid-cell[aria-colindex="2"]': {
              bgcolor: 'background.paper',
              backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
            },
            // Pinned cells are opaque: they show the selected row's tint themselves.
            '& .MuiDataGrid-row.Mui-selected .MuiDataGrid-cell[aria-colindex="1"], & .MuiDataGrid-row.Mui-selected .MuiDataGrid-cell[aria-colindex="2"]':
              {
                backgroundImage: `linear-gradient(${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)}, ${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)})`,
              },
          }),
          // A horizontal scrollbar that can be seen and grabbed: a scrollbar colour turns the
          // overlay scrollbars of macOS and phones (shown only while scrolling) into classic ones.
          '& .MuiDataGrid-scrollbar--horizontal': {
            scrollbarColor: `${theme.palette.text.secondary} ${theme.palette.action.hover}`,
          },
        }}
      />
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
