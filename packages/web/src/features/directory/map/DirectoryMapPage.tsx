import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, InputAdornment, LinearProgress, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { HEADER_HEIGHT } from '../../../shared/theme';
import { FilterBar, type FilterEditTarget } from '../../../shared/ui/list-page/FilterBar';
import type { ListColumn } from '../../../shared/ui/list-page/list-columns';
import type { ListFilters } from '../../../shared/ui/list-page/list-filters';
import { urlViewOf, viewFromSetting } from '../../../shared/ui/list-page/list-state';
import { usePageSetting, useSavePageSetting } from '../../../shared/ui/list-page/page-setting.queries';
import { PageLoading } from '../../../shared/ui/PageLoading';
import { humaniseCode } from '../../../shared/humanise';
import { MARKER_LIMIT, markersQuery, type ClientMarker, type CostCentreMarker, type MarkerKind, type MarkerOf } from '../directory.queries';
import { CLIENT_MAP_COLUMNS, COST_CENTRE_MAP_COLUMNS } from './map-filter-columns';
import { MarkerMap } from './MarkerMap';
import { MapToolbar, type Basemap } from './MapToolbar';
import { ONLINE_STYLE_URL } from './map-style';
import { LIST_PAGE_KEYS } from '../../../shared/route-meta';

/** "name__icontains" -> "name"; relation paths keep their first segment ("legal_entity__name__icontains" -> "legal_entity"). */
const filterField = (key: string) => key.split('__')[0]!;

interface MapConfig<K extends MarkerKind> {
  kind: K;
  title: string;
  noun: string;
  one: string;
  /** The list route's page setting: the map shares its filters and search. */
  pageKey: string;
  listPath: string;
  columns: ListColumn<never>[];
  labelOf: (marker: MarkerOf<K>) => string;
  popup: (marker: MarkerOf<K>) => ReactNode;
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '96px 1fr', gap: 1, py: 0.25 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function PopupCard({ title, to, children }: { title: string; to: string; children: ReactNode }) {
  return (
    <Box sx={{ p: 1.5, pr: 3, minWidth: 220 }} role="group" aria-label={title}>
      <Link component={RouterLink} to={to} variant="subtitle1" sx={{ fontWeight: 600, display: 'block', mb: 0.75 }}>
        {title}
      </Link>
      <Box component="dl" sx={{ m: 0 }}>
        {children}
      </Box>
      <Button component={RouterLink} to={to} size="small" variant="outlined" sx={{ mt: 1 }}>
        Open record
      </Button>
    </Box>
  );
}

const email = (value: string | null) => (value ? <Link href={`mailto:${value}`}>{value}</Link> : null);

const CLIENTS: MapConfig<'clients'> = {
  kind: 'clients',
  title: 'Clients Map',
  noun: 'clients',
  one: 'client',
  pageKey: LIST_PAGE_KEYS['/directory/clients'],
  listPath: '/directory/clients',
  columns: CLIENT_MAP_COLUMNS,
  labelOf: (marker: ClientMarker) => marker.data?.name ?? 'Client',
  popup: ({ data }: ClientMarker) => (
    <PopupCard title={data.name} to={`/clients/${data.id}`}>
      <Field label="Account" value={data.account_number} />
      <Field label="Type" value={humaniseCode(data.account_type)} />
      <Field label="Division" value={data.division} />
      <Field label="Industry" value={[data.industry, data.sub_industry].filter(Boolean).join(' · ')} />
      <Field label="Banner" value={data.banner} />
      <Field label="Email" value={email(data.primary_email)} />
      <Field label="Owner" value={data.owner} />
      <Field label="State" value={data.state} />
      <Field label="Address" value={data.address} />
    </PopupCard>
  ),
};

const COST_CENTRES: MapConfig<'cost-centres'> = {
  kind: 'cost-centres',
  title: 'Cost Centre Map',
  noun: 'cost centres',
  one: 'cost centre',
  pageKey: LIST_PAGE_KEYS['/directory/cost-center'],
  listPath: '/directory/cost-center',
  columns: COST_CENTRE_MAP_COLUMNS,
  labelOf: (marker: CostCentreMarker) => marker.data?.name ?? 'Cost centre',
  popup: ({ data }: CostCentreMarker) => (
    <PopupCard title={data.name} to={`/cost-center/${data.id}`}>
      <Field label="Code" value={data.cost_centre_code} />
      <Field label="Manager" value={data.operation_manager} />
      <Field label="Email" value={email(data.primary_email)} />
      <Field label="State" value={data.state} />
      <Field label="Address" value={data.primary_address} />
    </PopupCard>
  ),
};

/**
 * The directory's map view. Filters and search are the list view's own (its
 * page setting, or the link's parameters), so switching between list and map
 * keeps the same records; changes made here are saved for the list too.
 */
function DirectoryMap<K extends MarkerKind>({ config }: { config: MapConfig<K> }) {
  const setting = usePageSetting(config.pageKey);
  if (setting.isPending) return <PageLoading />;
  return <MapView config={config} saved={setting.data?.page_setting} />;
}

function MapView<K extends MarkerKind>({ config, saved }: { config: MapConfig<K>; saved: Record<string, unknown> | undefined }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const save = useSavePageSetting(config.pageKey);
  const [state, setState] = useState(() => {
    const stored = viewFromSetting(saved);
    const fromUrl = urlViewOf(searchParams);
    return { filters: fromUrl.filters ?? stored.filters, search: fromUrl.search ?? stored.search };
  });
  const [searchText, setSearchText] = useState(state.search);
  const renaming = useMemo(() => viewFromSetting(saved).renaming, [saved]);
  const [editing, setEditing] = useState<FilterEditTarget | null>(null);
  const [basemap, setBasemap] = useState<Basemap>(ONLINE_STYLE_URL ? 'online' : 'offline');
  const [styleFailed, setStyleFailed] = useState(false);
  const [clusters, setClusters] = useState(true);
  const [fitRequest, setFitRequest] = useState(0);

  const update = (change: Partial<typeof state>) => {
    const next = { ...state, ...change };
    setState(next);
    void save({ ...(saved ?? {}), ...viewFromSetting(saved), filters: next.filters, search: next.search });
  };

  useEffect(() => {
    if (searchText === state.search) return;
    const timer = setTimeout(() => update({ search: searchText }), 350);
    return () => clearTimeout(timer);
  });

  // The link carries the filters, like the list view's does.
  useEffect(() => {
    const next = new URLSearchParams(searchParams);
    next.delete('filters');
    next.delete('search');
    if (Object.keys(state.filters).length) next.set('filters', JSON.stringify(state.filters));
    if (state.search) next.set('search', state.search);
    if (next.toString() !== searchParams.toString()) setSearchParams(next, { replace: true });
  }, [state, searchParams, setSearchParams]);

  const query = useMemo(() => ({ filters: Object.keys(state.filters).length ? JSON.stringify(state.filters) : undefined, search: state.search.trim() || undefined }), [state]);
  const markers = useQuery(markersQuery(config.kind, query));
  const listLink = `${config.listPath}?${new URLSearchParams({ view: 'list', ...(query.filters ? { filters: query.filters } : {}), ...(query.search ? { search: query.search } : {}) }).toString()}`;
  const count = markers.data?.count ?? 0;
  const shownFields = new Set(config.columns.map((column) => column.field));
  const hiddenFilters = Object.keys(state.filters).filter((key) => !shownFields.has(filterField(key))).length;
  const shown = markers.data?.markers.length ?? 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: `calc(100vh - ${HEADER_HEIGHT})`, minHeight: 420 }}>
      <Paper square elevation={0} sx={{ px: { xs: 1.5, md: 2.5 }, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h1" sx={{ fontSize: { xs: '1.35rem', md: '1.5rem' } }}>
              {config.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" role="status">
              {markers.isPending
                ? 'Loading markers…'
                : markers.isError
                  ? 'Markers could not be loaded.'
                  : `${count.toLocaleString()} ${count === 1 ? config.one : config.noun} with a location${shown < count ? ` (showing the first ${MARKER_LIMIT.toLocaleString()}: narrow the filters)` : ''}`}
            </Typography>
          </Box>
          <TextField
              size="small"
              label={`Search ${config.noun}`}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
              sx={{ width: { xs: '100%', sm: 280 }, flexShrink: 0 }}
            />
        </Stack>
        <Box sx={{ mt: 1 }}>
          <FilterBar
            columns={config.columns}
            filters={state.filters}
            onChange={(filters: ListFilters) => update({ filters })}
            labelOf={(column) => renaming[column.field] ?? column.headerName}
            editing={editing}
            onEdit={setEditing}
          />
          {hiddenFilters > 0 && (
            <Typography variant="caption" color="text.secondary">
              {hiddenFilters === 1 ? 'One more filter' : `${hiddenFilters} more filters`} set in the <Link component={RouterLink} to={listLink}>list view</Link> also apply.
            </Typography>
          )}
        </Box>
      </Paper>
      {/* Over the map, not above it: a bar that pushed the map down would resize it on every fetch. */}
      <Box sx={{ position: 'relative', height: 0, zIndex: 3 }}>
        {markers.isFetching && <LinearProgress aria-label="Loading markers" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      </Box>
      {styleFailed && (
        <Alert severity="info" onClose={() => setStyleFailed(false)} sx={{ borderRadius: 0 }}>
          The online basemap could not be loaded; showing the offline map.
        </Alert>
      )}
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {markers.isError ? (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void markers.refetch()}>Retry</Button>}>
            The markers could not be loaded.
          </Alert>
        ) : (
          <>
            <MarkerMap
              markers={markers.data?.markers ?? []}
              noun={config.noun}
              labelOf={config.labelOf}
              renderPopup={config.popup}
              styleUrl={basemap === 'online' && !styleFailed ? ONLINE_STYLE_URL : undefined}
              onStyleError={() => {
                setStyleFailed(true);
                setBasemap('offline');
              }}
              clusters={clusters}
              fitRequest={fitRequest}
            />
            {markers.isSuccess && count === 0 && (
              <Paper
                role="note"
                elevation={3}
                sx={{ position: 'absolute', left: '50%', top: '50%', transform: 'translate(-50%, -50%)', zIndex: 2, p: 2.5, maxWidth: 'calc(100% - 32px)', width: 360, textAlign: 'center' }}
              >
                <Typography sx={{ fontWeight: 600 }}>No {config.noun} to show</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {query.filters || query.search ? `No ${config.noun} with a location match the search and filters.` : `No ${config.noun} have an address with a location yet.`}
                </Typography>
              </Paper>
            )}
            <MapToolbar
              noun={config.noun}
              onFit={() => setFitRequest((n) => n + 1)}
              canFit={shown > 0}
              clusters={clusters}
              onClustersChange={setClusters}
              basemap={ONLINE_STYLE_URL ? basemap : null}
              onBasemapChange={setBasemap}
              onlineUnavailable={styleFailed}
              listLink={listLink}
            />
          </>
        )}
      </Box>
    </Box>
  );
}

export function ClientsMapPage() {
  return <DirectoryMap config={CLIENTS} />;
}

export function CostCentreMapPage() {
  return <DirectoryMap config={COST_CENTRES} />;
}
