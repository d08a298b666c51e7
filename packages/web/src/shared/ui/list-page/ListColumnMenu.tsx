import { createContext, useContext, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, ListItemIcon, ListItemText, MenuItem, TextField } from '@mui/material';
import { GridColumnMenu, type GridColumnMenuItemProps, type GridColumnMenuProps } from '@mui/x-data-grid';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FilterListIcon from '@mui/icons-material/FilterList';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';

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

function FilterItem({ colDef, onClick }: GridColumnMenuItemProps) {
  const actions = useActions();
  if (!actions.canFilter(colDef.field)) return null;
  return (
    <MenuItem
      onClick={(event) => {
        onClick(event);
        actions.filter(colDef.field);
      }}
    >
      <ListItemIcon>
        <FilterListIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Filter</ListItemText>
    </MenuItem>
  );
}

function RenameItem({ colDef, onClick }: GridColumnMenuItemProps) {
  const actions = useActions();
  return (
    <MenuItem
      onClick={(event) => {
        onClick(event);
        actions.rename(colDef.field);
      }}
    >
      <ListItemIcon>
        <DriveFileRenameOutlineIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Rename column</ListItemText>
    </MenuItem>
  );
}

function MoveItems({ colDef, onClick }: GridColumnMenuItemProps) {
  const actions = useActions();
  return (
    <>
      <MenuItem
        disabled={!actions.canMove(colDef.field, -1)}
        onClick={(event) => {
          onClick(event);
          actions.move(colDef.field, -1);
        }}
      >
        <ListItemIcon>
          <ArrowBackIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Move left</ListItemText>
      </MenuItem>
      <MenuItem
        disabled={!actions.canMove(colDef.field, 1)}
        onClick={(event) => {
          onClick(event);
          actions.move(colDef.field, 1);
        }}
      >
        <ListItemIcon>
          <ArrowForwardIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Move right</ListItemText>
      </MenuItem>
    </>
  );
}

/** The grid's column menu with this app's filter, rename and move actions (column reordering by drag is not in the MIT grid). */
export function ListColumnMenu(props: GridColumnMenuProps) {
  return (
    <GridColumnMenu
      {...props}
      slots={{ columnMenuFilterItem: FilterItem, columnMenuRenameItem: RenameItem, columnMenuMoveItem: MoveItems }}
      slotProps={{ columnMenuFilterItem: { displayOrder: 10 }, columnMenuRenameItem: { displayOrder: 40 }, columnMenuMoveItem: { displayOrder: 50 } }}
    />
  );
}

export interface RenameColumnDialogProps {
  field: string | null;
  current: string;
  original: string;
  onSave: (field: string, label: string | null) => void;
  onClose: () => void;
}

export function RenameColumnDialog({ field, current, original, onSave, onClose }: RenameColumnDialogProps) {
  const [label, setLabel] = useState(current);
  if (!field) return null;
  const submit = () => onSave(field, label.trim() && label.trim() !== original ? label.trim() : null);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle>Rename column</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Column name"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            helperText={`Original name: ${original}`}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onSave(field, null)}>Use original</Button>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
