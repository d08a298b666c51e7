import { Link as RouterLink } from 'react-router';
import { Box, Button, Divider, IconButton, Paper, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import ViewListIcon from '@mui/icons-material/ViewListOutlined';

export type Basemap = 'offline' | 'online';

export interface MapToolbarProps {
  /** Plural noun of the markers: "clients". */
  noun: string;
  onFit: () => void;
  /** Whether there is anything to fit to. */
  canFit: boolean;
  clusters: boolean;
  onClustersChange: (clusters: boolean) => void;
  /** Offered only when an online tile style is configured. */
  basemap: Basemap | null;
  onBasemapChange: (basemap: Basemap) => void;
  /** The online style failed to load: only the offline basemap is left. */
  onlineUnavailable: boolean;
  /** The list view with the same filters and search. */
  listLink: string;
}

/** The map's own controls, over its top left corner: fit, clustering, basemap and the way back to the list. */
export function MapToolbar({ noun, onFit, canFit, clusters, onClustersChange, basemap, onBasemapChange, onlineUnavailable, listLink }: MapToolbarProps) {
  return (
    <Paper
      role="toolbar"
      aria-label="Map"
      elevation={3}
      sx={{ position: 'absolute', top: 10, left: 10, zIndex: 2, display: 'flex', alignItems: 'center', gap: 0.5, p: 0.5, maxWidth: 'calc(100% - 70px)', flexWrap: 'wrap' }}
    >
      <Tooltip title={`Fit to ${noun}`}>
        <span>
          <IconButton size="small" aria-label={`Fit to ${noun}`} onClick={onFit} disabled={!canFit}>
            <ZoomOutMapIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={clusters ? 'Show every marker' : 'Group nearby markers'}>
        <ToggleButton size="small" value="clusters" selected={clusters} onChange={() => onClustersChange(!clusters)} aria-label="Group nearby markers" sx={{ border: 0, p: '5px' }}>
          <WorkspacesOutlinedIcon fontSize="small" />
        </ToggleButton>
      </Tooltip>
      {basemap && (
        <>
          <Divider orientation="vertical" flexItem sx={{ mx: 0.25 }} />
          <ToggleButtonGroup size="small" exclusive value={basemap} onChange={(_, value: Basemap | null) => value && onBasemapChange(value)} aria-label="Basemap">
            <ToggleButton value="offline" sx={{ px: 1, py: 0.25, textTransform: 'none' }}>
              Offline
            </ToggleButton>
            <ToggleButton value="online" disabled={onlineUnavailable} sx={{ px: 1, py: 0.25, textTransform: 'none' }}>
              Online
            </ToggleButton>
          </ToggleButtonGroup>
        </>
      )}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.25 }} />
      {/* On phones the icon alone (the name stays "List view"), so the toolbar keeps to one row. */}
      <Button
        component={RouterLink}
        to={listLink}
        size="small"
        aria-label="List view"
        startIcon={<ViewListIcon />}
        sx={{ textTransform: 'none', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          List view
        </Box>
      </Button>
    </Paper>
  );
}
