import { useId, useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, FormControl, IconButton, InputAdornment, ListItemIcon, ListItemText, Menu, MenuItem, OutlinedInput, Stack, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import DownloadIcon from '@mui/icons-material/Download';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import CheckIcon from '@mui/icons-material/Check';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
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

/** The row above a list: search, Add filter, and the Columns, Density, Export (a menu) and Reset view buttons. */
export function ListToolbar({ label, searchText, onSearchText, filter, views, density, onDensity, onColumns, onExport, onExportXlsx, onExportRaw, exporting, exportDisabled, onReset, bulk, tools }: ListToolbarProps) {
  const [densityAnchor, setDensityAnchor] = useState<HTMLElement | null>(null);
  const [exportMenu, setExportMenu] = useState<HTMLElement | null>(null);
  const searchId = useId();
  return (
    <Stack direction="row" sx={{ p: 1, gap: 1, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
      {/* FormControl + OutlinedInput renders what this outlined TextField did, without TextField's
          Select (and its Menu) in every list page's initial JavaScript. */}
      <FormControl
        className="MuiTextField-root"
        size="small"
        // It gives up to 100 px before the toolbar wraps (a wrapped row costs the list a row of data).
        sx={{ width: { xs: '100%', sm: 'auto' }, flex: { sm: '1 1 160px' }, maxWidth: { sm: 260 } }}
      >
        <OutlinedInput
          id={searchId}
          placeholder="Search"
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
          inputProps={{ 'aria-label': `Search ${label}` }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          endAdornment={
            searchText ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="Clear search" onClick={() => onSearchText('')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : null
          }
        />
      </FormControl>
      {filter}
      {views}
      {bulk}
      <Box sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {onColumns && (
          <Tooltip title="Show or hide columns" describeChild>
            <Button size="small" aria-label="Columns" startIcon={<ViewColumnIcon />} onClick={(event) => onColumns(event.currentTarget)} sx={COMPACT_BELOW_XL}>
              <ToolbarLabel below="xl">Columns</ToolbarLabel>
            </Button>
          </Tooltip>
        )}
        <Tooltip title="Row density" describeChild>
          <Button size="small" aria-label="Density" startIcon={<DensityMediumIcon />} onClick={(event) => setDensityAnchor(event.currentTarget)} aria-haspopup="menu" sx={COMPACT_BELOW_XL}>
            <ToolbarLabel below="xl">Density</ToolbarLabel>
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
          <>
            {/* One Export menu (CSV, XLSX, each with raw codes too) keeps the toolbar on one line at 1280 px. */}
            <Button
              size="small"
              startIcon={exporting ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />}
              endIcon={exporting ? undefined : <ArrowDropDownIcon />}
              aria-haspopup="menu"
              onClick={(event) => setExportMenu(event.currentTarget)}
              disabled={exporting || exportDisabled}
            >
              {exporting ? 'Exporting…' : 'Export'}
            </Button>
            <Menu anchorEl={exportMenu} open={exportMenu !== null} onClose={() => setExportMenu(null)} slotProps={{ paper: { sx: { maxWidth: 'min(380px, calc(100vw - 32px))' } } }}>
              {exportChoices(onExport, onExportXlsx, onExportRaw).map(({ label, hint, run }) => (
                <MenuItem
                  key={label}
                  // The explanation wraps on a phone instead of running off the screen.
                  sx={{ whiteSpace: 'normal' }}
                  onClick={() => {
                    setExportMenu(null);
                    run();
                  }}
                >
                  <ListItemText primary={label} secondary={hint} />
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

/** On phones the Reset view button shows its icon only (its name stays in aria-label), so the toolbar keeps to one row. */
const COMPACT_ON_PHONES = { minWidth: { xs: 40, sm: 64 }, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } } } as const;
/** Columns and Density, set now and then, show their icons only below 1536 px (their tooltips and aria-labels name them). */
const COMPACT_BELOW_XL = { minWidth: { xs: 40, xl: 64 }, '& .MuiButton-startIcon': { mr: { xs: 0, xl: 1 }, ml: { xs: 0, xl: -0.5 } } } as const;

function ToolbarLabel({ children, below = 'sm' }: { children: ReactNode; below?: 'sm' | 'xl' }) {
  return (
    <Box component="span" sx={{ display: { xs: 'none', [below]: 'inline' } }}>
      {children}
    </Box>
  );
}

const RAW_HINT = 'Stored values (ACTIVE, true, ISO dates) for scripts and other systems; either export imports back';

/** The Export menu's choices: as shown in CSV and XLSX, then with the raw codes. */
function exportChoices(csv: () => void, xlsx?: () => void, raw?: (format: 'csv' | 'xlsx') => void) {
  return [
    { label: 'Export CSV', hint: undefined, run: csv },
    ...(xlsx ? [{ label: 'Export XLSX', hint: undefined, run: xlsx }] : []),
    ...(raw ? (['csv', 'xlsx'] as const).map((format) => ({ label: `Export ${format.toUpperCase()} with raw codes`, hint: RAW_HINT, run: () => raw(format) })) : []),
  ];
}
