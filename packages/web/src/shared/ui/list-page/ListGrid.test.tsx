import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ColumnMenuContext, type ColumnMenuActions } from './ListColumnMenu';
import { ListGrid } from './ListGrid';
import { EMPTY_SELECTION, type GridColumn, type RowSelection } from './grid-model';
import { EMPTY_VIEW, type ListViewState } from './list-state';

afterEach(cleanup);

interface Client {
  id: string;
  name: string;
  city: string;
}

const ROWS: Client[] = [
  { id: 'a', name: 'Alpha', city: 'Perth' },
  { id: 'b', name: 'Bravo', city: 'Hobart' },
  { id: 'c', name: 'Charlie', city: 'Darwin' },
];

const COLUMNS: GridColumn<Client>[] = [
  { field: 'name', headerName: 'Name', description: 'Name', sortable: true, width: 150, renderCell: (row) => row.name },
  { field: 'city', headerName: 'City', description: 'City', sortable: false, width: 120, renderCell: (row) => row.city },
];

const ACTIONS: ColumnMenuActions = { rename: vi.fn(), filter: vi.fn(), canFilter: () => false, move: vi.fn(), canMove: () => true };

function renderGrid(options: { view?: Partial<ListViewState>; selectable?: boolean; rows?: Client[] } = {}) {
  const update = vi.fn();
  const selections: RowSelection[] = [];
  function Harness() {
    const [selection, setSelection] = useState<RowSelection>(EMPTY_SELECTION);
    return (
      <ColumnMenuContext.Provider value={ACTIONS}>
        <ListGrid<Client>
          label="All Clients"
          rows={options.rows ?? ROWS}
          rowCount={(options.rows ?? ROWS).length}
          columns={COLUMNS}
          loading={false}
          embedded
          view={{ ...EMPTY_VIEW, ...options.view }}
          page={1}
          counted
          setPage={vi.fn()}
          onPageSize={vi.fn()}
          update={update}
          order={['name', 'city']}
          visibility={{}}
          rowHref={(row) => `/clients/${row.id}`}
          filtered={false}
          emptyState={<p>Nothing here yet</p>}
          selectable={options.selectable ?? false}
          selectionModel={options.selectable ? selection : undefined}
          onSelectionModelChange={(model) => {
            selections.push(model);
            setSelection(model);
          }}
          onManageColumns={vi.fn()}
        />
      </ColumnMenuContext.Provider>
    );
  }
  const router = createMemoryRouter(
    [
      { path: '/clients', element: <Harness /> },
      { path: '/clients/:id', element: <p>opened</p> },
    ],
    { initialEntries: ['/clients'] },
  );
  render(<RouterProvider router={router} />);
  return { update, selections, router };
}

const focused = () => document.activeElement as HTMLElement;

describe('ListGrid', () => {
  it('is one Tab stop: only the header cell is focusable at first, and the row links are not Tab stops', () => {
    renderGrid();
    const grid = screen.getByRole('grid', { name: 'All Clients' });
    const tabStops = grid.querySelectorAll('[tabindex="0"]');
    expect(tabStops).toHaveLength(1);
    expect(tabStops[0]).toHaveAttribute('role', 'columnheader');
    expect(tabStops[0]).toHaveAccessibleName('Name');
    expect(grid.querySelectorAll('button:not([tabindex="-1"]), input:not([tabindex="-1"]), a[href]:not([tabindex="-1"])')).toHaveLength(0);
  });

  it('moves between cells with the arrow keys (the Tab stop follows) and opens the row with Enter', async () => {
    const { router } = renderGrid();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    header.focus();
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    fireEvent.keyDown(focused(), { key: 'ArrowDown' });
    fireEvent.keyDown(focused(), { key: 'ArrowRight' });
    expect(focused()).toHaveAttribute('role', 'gridcell');
    expect(focused()).toHaveAttribute('data-field', 'city');
    expect(focused()).toHaveTextContent('Hobart');
    expect(focused()).toHaveAttribute('tabindex', '0');
    expect(header).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(focused(), { key: 'Enter' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/clients/b'));
  });

  it('sorts by a header click, ascending then descending then not, and says the order in aria-sort', () => {
    const { update } = renderGrid({ view: { sorting: ['-name'] } });
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(within(name).getByText('Name'));
    expect(update).toHaveBeenLastCalledWith({ sorting: [] }, { resetPage: true });
    cleanup();
    const second = renderGrid();
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    fireEvent.click(within(header).getByText('Name'));
    expect(second.update).toHaveBeenLastCalledWith({ sorting: ['name'] }, { resetPage: true });
    // Enter on the header sorts too; a column the API cannot order by does not.
    header.focus();
    fireEvent.keyDown(header, { key: 'Enter' });
    expect(second.update).toHaveBeenCalledTimes(2);
    const city = screen.getByRole('columnheader', { name: 'City' });
    fireEvent.click(within(city).getByText('City'));
    expect(second.update).toHaveBeenCalledTimes(2);
    expect(city).not.toHaveAttribute('aria-sort');
  });

  it('opens the column menu from the header without sorting', () => {
    const { update } = renderGrid();
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Name' })).getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sort descending' }));
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenLastCalledWith({ sorting: ['-name'] }, { resetPage: true });
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Name' })).getByRole('button', { name: 'Menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Hide column' }));
    expect(update).toHaveBeenLastCalledWith({ visible_fields: ['city'] });
  });

  it('ticks a row with its checkbox without opening it, and the header checkbox ticks the page', async () => {
    const { selections, router } = renderGrid({ selectable: true });
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    fireEvent.click(boxes[1]!);
    expect([...selections.at(-1)!.ids]).toEqual(['b']);
    expect(screen.getAllByRole('row')[2]).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect([...selections.at(-1)!.ids].sort()).toEqual(['a', 'b', 'c']);
    expect(router.state.location.pathname).toBe('/clients');
    // Anywhere else on the row opens it.
    fireEvent.click(screen.getByRole('gridcell', { name: 'Charlie' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/clients/c'));
  });

  it('shows the empty state as one row of one cell', () => {
    renderGrid({ rows: [] });
    const rows = within(screen.getByRole('grid')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByRole('gridcell')).toHaveTextContent('Nothing here yet');
  });
});
