import { Box, Button, Checkbox, FormControlLabel, Popover, Stack, Typography } from '@mui/material';
import type { ColumnVisibility } from './grid-model';

export interface ColumnsPanelProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  /** Every field in the view's column order, with its label. */
  columns: { field: string; label: string }[];
  visibility: ColumnVisibility;
  /** The fields to show, in the view's order. */
  onChange: (visibleFields: string[]) => void;
}

/** The column chooser (toolbar's Columns, a header menu's Manage columns): which columns the grid shows. */
export function ColumnsPanel({ anchorEl, onClose, columns, visibility, onChange }: ColumnsPanelProps) {
  const visible = columns.filter((column) => visibility[column.field] !== false).map((column) => column.field);
  const set = (field: string, on: boolean) =>
    onChange(columns.map((column) => column.field).filter((f) => (f === field ? on : visible.includes(f))));
  return (
    <Popover
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { p: 1.5, minWidth: 240, maxHeight: 480 } } }}
    >
      <Typography variant="subtitle2" component="h2" id="columns-panel-title" sx={{ px: 0.5 }}>
        Columns
      </Typography>
      <Stack role="group" aria-labelledby="columns-panel-title" sx={{ py: 0.5 }}>
        {columns.map((column) => {
          const on = visible.includes(column.field);
          return (
            <FormControlLabel
              key={column.field}
              sx={{ mx: 0 }}
              control={
                <Checkbox
                  size="small"
                  checked={on}
                  // One column always stays: a grid without columns has nothing to open.
                  disabled={on && visible.length === 1}
                  onChange={(event) => set(column.field, event.target.checked)}
                />
              }
              label={<Typography variant="body2">{column.label}</Typography>}
            />
          );
        })}
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" disabled={visible.length === columns.length} onClick={() => onChange(columns.map((column) => column.field))}>
          Show all
        </Button>
      </Box>
    </Popover>
  );
}
