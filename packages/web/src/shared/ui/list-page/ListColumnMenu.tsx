import { createContext, useContext } from 'react';
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FilterListIcon from '@mui/icons-material/FilterList';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import type { SortDirection } from './grid-model';

/** What the column menu's own items do; the list page provides it. */
export interface ColumnMenuActions {
  rename: (field: string) => void;
  filter: (field: string) => void;
  canFilter: (field: string) => boolean;
  move: (field: string, by: -1 | 1) => void;
  canMove: (field: string, by: -1 | 1) => boolean;
}

export const ColumnMenuContext = createContext<ColumnMenuActions | null>(null);

function useActions(): ColumnMenuActions {
  const actions = useContext(ColumnMenuContext);
  if (!actions) throw new Error('ListColumnMenu needs a ColumnMenuContext');
  return actions;
}

export interface ListColumnMenuProps {
  field: string;
  anchorEl: HTMLElement;
  onClose: () => void;
  sortable: boolean;
  /** The column's sort direction, if the list is sorted by it. */
  sort: SortDirection | null;
  onSort: (direction: SortDirection | null) => void;
  /** Hides the column; undefined for the last column shown. */
  onHide: (() => void) | undefined;
  onManageColumns: () => void;
}

/** A column header's menu: sort, filter, hide, choose columns, rename and move. */
export function ListColumnMenu({ field, anchorEl, onClose, sortable, sort, onSort, onHide, onManageColumns }: ListColumnMenuProps) {
  const actions = useActions();
  // Each item closes the menu first, then acts (an action may open a dialog or a popover).
  const item = (act: () => void) => () => {
    onClose();
    act();
  };
  return (
    <Menu open anchorEl={anchorEl} onClose={onClose} slotProps={{ list: { dense: true } }}>
      {sortable && [
        <MenuItem key="asc" disabled={sort === 'asc'} onClick={item(() => onSort('asc'))}>
          <ListItemIcon>
            <ArrowUpwardIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sort ascending</ListItemText>
        </MenuItem>,
        <MenuItem key="desc" disabled={sort === 'desc'} onClick={item(() => onSort('desc'))}>
          <ListItemIcon>
            <ArrowDownwardIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sort descending</ListItemText>
        </MenuItem>,
        sort && (
          <MenuItem key="unsort" onClick={item(() => onSort(null))}>
            <ListItemIcon />
            <ListItemText>Unsort</ListItemText>
          </MenuItem>
        ),
        <Divider key="sort-divider" />,
      ]}
      {actions.canFilter(field) && (
        <MenuItem onClick={item(() => actions.filter(field))}>
          <ListItemIcon>
            <FilterListIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Filter</ListItemText>
        </MenuItem>
      )}
      {onHide && (
        <MenuItem onClick={item(onHide)}>
          <ListItemIcon>
            <VisibilityOffIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Hide column</ListItemText>
        </MenuItem>
      )}
      <MenuItem onClick={item(onManageColumns)}>
        <ListItemIcon>
          <ViewColumnIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Manage columns</ListItemText>
      </MenuItem>
      <Divider />
      <MenuItem onClick={item(() => actions.rename(field))}>
        <ListItemIcon>
          <DriveFileRenameOutlineIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Rename column</ListItemText>
      </MenuItem>
      <MenuItem disabled={!actions.canMove(field, -1)} onClick={item(() => actions.move(field, -1))}>
        <ListItemIcon>
          <ArrowBackIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Move left</ListItemText>
      </MenuItem>
      <MenuItem disabled={!actions.canMove(field, 1)} onClick={item(() => actions.move(field, 1))}>
        <ListItemIcon>
          <ArrowForwardIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Move right</ListItemText>
      </MenuItem>
    </Menu>
  );
}
