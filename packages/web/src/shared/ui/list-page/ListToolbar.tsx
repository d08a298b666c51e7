import { useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, IconButton, InputAdornment, ListItemIcon, ListItemText, Menu, MenuItem, Stack, TextField, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import CheckIcon from '@mui/icons-material/Check';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { DENSITIES, type Density } from './list-state';

export interface ListToolbarProps {
  label: string;
  searchText: string;
  onSearchText: (text: string) => void;
  /** The Add filter button (FilterBar). */
  filter: ReactNode;
  /** The Views menu (named views); none on embedded lists. */
  views?: ReactNode;
  density: Density;
  onDensity: (density: Density) => void;
  /** Opens the grid's column chooser; no Columns button without it (phones show cards). */
  onColumns?: (anchor: HTMLElement) => void;
  /** No Export button without it. */
  onExport?: () => void;
  /** The same export as an XLSX workbook; no Export XLSX button without it. */
  onExportXlsx?: () => void;
  /** The same exports with the stored codes (ACTIVE, true, ISO date-times) instead of the values shown. */
  onExportRaw?: (format: 'csv' | 'xlsx') => void;
  exporting: boolean;
  exportDisabled: boolean;
  onReset: () => void;
  /** A bulk action button (Bulk change) beside the Views menu. */
  bulk?: ReactNode;
  /** More buttons before the Export ones (Import). */
  tools?: ReactNode;
}

/** The row above a list: search, Add filter, and the Columns, Density, Export and Reset view buttons. */
export function ListToolbar({ label, searchText, onSearchText, filter, views, density, onDensity, onColumns, onExport, onExportXlsx, onExportRaw, exporting, exportDisabled, onReset, bulk, tools }: ListToolbarProps) {
  const [densityAnchor, setDensityAnchor] = useState<HTMLElement | null>(null);
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null);
  return (
    <Stack direction="row" sx={{ p: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
      <TextField
        size="small"
        placeholder="Search"
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
        sx={{ width: { xs: '100%', sm: 260 } }}
        slotProps={{
          htmlInput: { 'aria-label': `Search ${label}` },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: searchText ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="Clear search" onClick={() => onSearchText('')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : null,
          },
        }}
      />
      {filter}
      {views}
      {bulk}
      <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {onColumns && (
          <Tooltip title="Show or hide columns" describeChild>
            <Button size="small" aria-label="Columns" startIcon={<ViewColumnIcon />} onClick={(event) => onColumns(event.currentTarget)} sx={COMPACT_ON_PHONES}>
              <ToolbarLabel>Columns</ToolbarLabel>
            </Button>
          </Tooltip>
        )}
        <Tooltip title="Row density" describeChild>
          <Button size="small" aria-label="Density" startIcon={<DensityMediumIcon />} onClick={(event) => setDensityAnchor(event.currentTarget)} aria-haspopup="menu" sx={COMPACT_ON_PHONES}>
            <ToolbarLabel>Density</ToolbarLabel>
          </Button>
        </Tooltip>
        <Menu anchorEl={densityAnchor} open={densityAnchor !== null} onClose={() => setDensityAnchor(null)}>
          {DENSITIES.map((option) => (
            <MenuItem
              key={option}
              selected={density === option}
              onClick={() => {
                onDensity(option);
                setDensityAnchor(null);
              }}
            >
              <ListItemIcon>{density === option ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{option[0]!.toUpperCase() + option.slice(1)}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
        {tools}
        {onExport && (
          <Button size="small" startIcon={exporting ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />} onClick={onExport} disabled={exporting || exportDisabled}>
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        )}
        {onExportXlsx && !exporting && (
          <Button size="small" startIcon={<DownloadIcon />} onClick={onExportXlsx} disabled={exportDisabled}>
            Export XLSX
          </Button>
        )}
        {onExportRaw && !exporting && (
          <>
            <Tooltip title="Export with the stored codes (ACTIVE, true, ISO dates)" describeChild>
              <Button size="small" aria-label="Export with raw codes" aria-haspopup="menu" startIcon={<MoreVertIcon />} onClick={(event) => setExportMenu(event.currentTarget)} disabled={exportDisabled} sx={COMPACT_ON_PHONES}>
                <ToolbarLabel>Raw codes</ToolbarLabel>
              </Button>
            </Tooltip>
            <Menu anchorEl={exportMenu} open={exportMenu !== null} onClose={() => setExportMenu(null)} slotProps={{ paper: { sx: { maxWidth: 'min(380px, calc(100vw - 32px))' } } }}>
              {(['csv', 'xlsx'] as const).map((format) => (
                <MenuItem
                  key={format}
                  // The explanation wraps on a phone instead of running off the screen.
                  sx={{ whiteSpace: 'normal' }}
                  onClick={() => {
                    setExportMenu(null);
                    onExportRaw(format);
                  }}
                >
                  <ListItemText
                    primary={`Export ${format.toUpperCase()} with raw codes`}
                    secondary="Stored values (ACTIVE, true, ISO dates) for scripts and other systems; either export imports back"
                  />
                </MenuItem>
              ))}
            </Menu>
          </>
        )}
        <Tooltip title="Back to the default columns, filters and sorting" describeChild>
          <Button size="small" aria-label="Reset view" startIcon={<RestartAltIcon />} onClick={onReset} sx={COMPACT_ON_PHONES}>
            <ToolbarLabel>Reset view</ToolbarLabel>
          </Button>
        </Tooltip>
      </Stack>
    </Stack>
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
