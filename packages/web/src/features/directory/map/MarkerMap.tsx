import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Map, { Layer, Marker, NavigationControl, Popup, ScaleControl, Source, type MapRef } from 'react-map-gl/maplibre';
import type { GeoJSONSource, MapGeoJSONFeature, Map as MaplibreMap, Marker as MaplibreMarker, Popup as MaplibrePopup } from 'maplibre-gl';
import type { FeatureCollection, Point } from 'geojson';
import 'maplibre-gl/dist/maplibre-gl.css';
import { Alert, Box, ButtonBase, alpha, useTheme } from '@mui/material';
import { INITIAL_VIEW, offlineStyle } from './map-style';
import { drawablePosition, markerBounds, popupPan, type LngLat } from './map-geometry';

export interface MapMarker {
  id: string;
  position: { lat: number; lng: number };
}

export interface MarkerMapProps<M extends MapMarker> {
  markers: M[];
  /** Plural noun for accessible names: "clients". */
  noun: string;
  /** The marker's accessible name (its record's name). */
  labelOf: (marker: M) => string;
  renderPopup: (marker: M) => ReactNode;
  /** A tile style URL to use instead of the bundled offline basemap. */
  styleUrl?: string;
  /** Called when the online style cannot load (no internet): the page falls back to the offline basemap. */
  onStyleError?: () => void;
  /** Group nearby markers into counted clusters (default), or draw every marker. */
  clusters?: boolean;
  /** Changing this number fits the view to the markers again (the toolbar's "Fit to markers"). */
  fitRequest?: number;
}

const SOURCE_ID = 'markers';
const CLUSTER_LAYER = 'marker-clusters';
const POINT_LAYER = 'marker-points';
/**
 * Above this many markers in view, markers get no HTML button each (thousands
 * of DOM nodes make panning crawl); clicking a drawn marker still opens it.
 */
const OVERLAY_LIMIT = 400;

/** What is drawn right now, as HTML buttons over the map: clusters (circle and count) to zoom into and markers to open. */
type Overlay = { kind: 'cluster'; key: string; clusterId: number; count: number; lng: number; lat: number } | { kind: 'point'; key: string; id: string; lng: number; lat: number };

function overlayOf(features: MapGeoJSONFeature[]): Overlay[] {
  const seen = new Set<string>();
  const items: Overlay[] = [];
  for (const feature of features) {
    if (feature.geometry.type !== 'Point') continue;
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties as Record<string, unknown>;
    if (props.cluster) {
      const key = `c${String(props.cluster_id)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ kind: 'cluster', key, clusterId: Number(props.cluster_id), count: Number(props.point_count), lng, lat });
    } else {
      const key = `p${String(props.id)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({ kind: 'point', key, id: String(props.id), lng, lat });
    }
  }
  return items;
}

/**
 * MapLibre makes each HTML marker's wrapper a button named "Map marker"; ours
 * holds its own named button, which a button parent would hide from assistive
 * technology. The wrapper becomes a plain container once it is on the map.
 */
function OverlayMarker({ lng, lat, children }: { lng: number; lat: number; children: ReactNode }) {
  const ref = useRef<MaplibreMarker>(null);
  useEffect(() => {
    const element = ref.current?.getElement();
    element?.removeAttribute('role');
    element?.removeAttribute('aria-label');
  }, []);
  return (
    <Marker ref={ref} longitude={lng} latitude={lat} anchor="center">
      {children}
    </Marker>
  );
}

/**
 * How far a cluster zooms in when its expansion zoom cannot be had: the source
 * was refreshed under the click (a new search answered), so the cluster id the
 * button carried belongs to the data before. The user still gets a zoom.
 */
const FALLBACK_ZOOM_STEP = 2;

/** The zoom at which a cluster breaks apart; undefined when the source no longer knows that cluster. */
async function expansionZoom(map: MaplibreMap, clusterId: number): Promise<number | undefined> {
  const source = map.getSource<GeoJSONSource>(SOURCE_ID);
  if (!source) return undefined;
  try {
    return await source.getClusterExpansionZoom(clusterId);
  } catch {
    return undefined;
  }
}

const signature = (items: Overlay[]) => items.map((item) => (item.kind === 'cluster' ? `${item.key}:${item.count}` : item.key)).join(',');

function clusterSize(count: number): number {
  if (count < 10) return 30;
  if (count < 100) return 38;
  if (count < 1000) return 46;
  return 54;
}

/**
 * Markers on a MapLibre map, clustered by the GeoJSON source (cluster: true).
 * Markers are drawn by WebGL with HTML buttons over them; clusters are HTML
 * buttons, circle and count (placed where the source's clusters are), so both
 * show together. The buttons make clusters and markers reachable by keyboard
 * and screen readers. A cluster zooms in; a marker opens its popup.
 */
export function MarkerMap<M extends MapMarker>({ markers, noun, labelOf, renderPopup, styleUrl, onStyleError, clusters = true, fitRequest = 0 }: MarkerMapProps<M>) {
  const theme = useTheme();
  const mode = theme.palette.mode;
  const mapRef = useRef<MapRef>(null);
  // The drawn clusters and markers, with the marker data they were read from: buttons read from
  // data that has since been replaced carry cluster ids the source no longer knows, so they are not shown.
  const [overlayState, setOverlayState] = useState<{ data: unknown; items: Overlay[] }>({ data: null, items: [] });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // The map instance exists only once MapLibre has loaded: markers that arrive before it are fitted then.
  // The cluster buttons can be there earlier (the markers' source may load before the basemap's).
  const [loaded, setLoaded] = useState(false);
  const byId = useMemo(() => new globalThis.Map(markers.map((marker) => [marker.id, marker])), [markers]);
  // Where each marker is drawn: longitudes wrapped into [-180, 180) (the clusterer needs that), impossible positions left out.
  const positions = useMemo(() => {
    const drawn = new globalThis.Map<string, LngLat>();
    for (const marker of markers) {
      const position = drawablePosition(marker.position);
      if (position) drawn.set(marker.id, position);
    }
    return drawn;
  }, [markers]);
  const selected = selectedId ? byId.get(selectedId) : undefined;
  const selectedPosition = selectedId ? positions.get(selectedId) : undefined;

  const data = useMemo<FeatureCollection<Point>>(
    () => ({
      type: 'FeatureCollection',
      features: [...positions].map(([id, { lng, lat }]) => ({ type: 'Feature', properties: { id }, geometry: { type: 'Point', coordinates: [lng, lat] } })),
    }),
    [positions],
  );

  const overlay = overlayState.data === data ? overlayState.items : [];
  const dataRef = useRef(data);
  useEffect(() => {
    dataRef.current = data;
  }, [data]);

  const refreshOverlay = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map || !map.getLayer(CLUSTER_LAYER)) return;
    // While the source reloads (new data), the drawn tiles still hold the old clusters: wait for it.
    if (!map.isSourceLoaded(SOURCE_ID)) return;
    // The markers are drawn: fit them now rather than at the load event, which waits for the whole basemap.
    setLoaded(true);
    const current = dataRef.current;
    const drawn = overlayOf(map.queryRenderedFeatures({ layers: [CLUSTER_LAYER, POINT_LAYER] }));
    const points = drawn.filter((item) => item.kind === 'point').length;
    const next = points > OVERLAY_LIMIT ? drawn.filter((item) => item.kind === 'cluster') : drawn;
    // Idle fires after every repaint: keep the same state when nothing drawn changed.
    setOverlayState((state) => (state.data === current && signature(state.items) === signature(next) ? state : { data: current, items: next }));
  }, []);

  // A marker's popup is moved into the map's box: the view pans by as much as the popup sticks out.
  const popupRef = useRef<MaplibrePopup>(null);
  useEffect(() => {
    if (!selectedId) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        const map = mapRef.current?.getMap();
        const element = popupRef.current?.getElement();
        if (!map || !element) return;
        const [dx, dy] = popupPan(element.getBoundingClientRect(), map.getContainer().getBoundingClientRect());
        if (dx || dy) map.panBy([dx, dy], { duration: 250 });
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId]);

  // Fit the markers whenever the set changes (a new filter or search) or the toolbar asks. Across the antimeridian when that is shorter.
  // A refetch that answers the same markers (a new array, same places) must not pull the view back
  // out of a cluster the user just zoomed into: the fit follows the set's content, not its identity.
  const fitted = useRef<string | null>(null);
  const fitKey = useMemo(() => `${fitRequest}|${[...positions].map(([id, { lng, lat }]) => `${id}:${lng}:${lat}`).join(',')}`, [positions, fitRequest]);
  const fitKeyRef = useRef(fitKey);
  useEffect(() => {
    fitKeyRef.current = fitKey;
  }, [fitKey]);
  useEffect(() => {
    const map = mapRef.current;
    const bounds = markerBounds([...positions.values()]);
    if (!loaded || !map || !bounds) return;
    if (fitted.current === fitKey) return;
    fitted.current = fitKey;
    map.fitBounds(bounds, { padding: 60, maxZoom: 12, duration: fitRequest ? 300 : 0 });
  }, [positions, fitRequest, fitKey, loaded]);

  // One click always zooms in: an expansion zoom that cannot be had (the source was refreshed
  // between drawing the button and the click) falls back to a fixed step at the same place.
  const zoomInto = async (item: Extract<Overlay, { kind: 'cluster' }>) => {
    const map = mapRef.current?.getMap();
    if (!map) return;
    // The user has taken over the view of these markers: the fit that waits for the map's load
    // event (which waits for the basemap's labels) must not pull the view back out of the cluster.
    fitted.current = fitKeyRef.current;
    const zoom = (await expansionZoom(map, item.clusterId)) ?? Math.min(map.getZoom() + FALLBACK_ZOOM_STEP, map.getMaxZoom());
    map.easeTo({ center: [item.lng, item.lat], zoom: Math.max(zoom, map.getZoom() + 1), duration: 400 });
  };

  if (failed) {
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        This browser cannot show the map ({failed}). The list view shows the same records.
      </Alert>
    );
  }

  return (
    <Box sx={{ position: 'relative', width: '100%', height: '100%', '& .maplibregl-popup': { zIndex: 3 }, '& .maplibregl-popup-content': { bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, boxShadow: 6, p: 0 }, '& .maplibregl-popup .maplibregl-popup-tip': { borderTopColor: 'background.paper', borderBottomColor: 'background.paper' } }}>
      <Map
        ref={mapRef}
        initialViewState={INITIAL_VIEW}
        mapStyle={styleUrl ?? offlineStyle(mode)}
        style={{ width: '100%', height: '100%' }}
        attributionControl={false}
        onLoad={() => {
          setLoaded(true);
          refreshOverlay();
        }}
        onMoveEnd={refreshOverlay}
        onSourceData={(event) => {
          if (event.sourceId === SOURCE_ID && event.isSourceLoaded) refreshOverlay();
        }}
        onIdle={refreshOverlay}
        onError={(event) => {
          const message = event.error?.message ?? '';
          if (/webgl/i.test(message)) setFailed('WebGL is not available');
          else if (styleUrl && onStyleError) onStyleError();
        }}
        interactiveLayerIds={[POINT_LAYER]}
        onClick={(event) => {
          // A drawn marker without its own button (many in view) opens from the map click.
          const id = event.features?.[0]?.properties?.id;
          setSelectedId(typeof id === 'string' ? id : null);
        }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" />
        {/* A source's clustering is fixed when it is created: switching it makes a new source. */}
        <Source key={clusters ? 'clustered' : 'single'} id={SOURCE_ID} type="geojson" data={data} cluster={clusters} clusterRadius={50} clusterMaxZoom={14}>
          <Layer
            id={CLUSTER_LAYER}
            type="circle"
            filter={['has', 'point_count']}
            // Not painted: each cluster's circle is its HTML button (below), so the count never shows
            // without its circle while WebGL is still drawing (a 390 px phone at 3x draws nine times
            // the pixels). The layer stays for queryRenderedFeatures, which reads what is clustered where.
            paint={{ 'circle-opacity': 0, 'circle-stroke-opacity': 0, 'circle-radius': ['step', ['get', 'point_count'], 15, 10, 19, 100, 23, 1000, 27] }}
          />
          <Layer
            id={POINT_LAYER}
            type="circle"
            filter={['!', ['has', 'point_count']]}
            paint={{ 'circle-color': theme.palette.secondary.main, 'circle-radius': 7, 'circle-stroke-color': theme.palette.background.paper, 'circle-stroke-width': 2 }}
          />
        </Source>
        {overlay.map((item) =>
          item.kind === 'cluster' ? (
            <OverlayMarker key={item.key} lng={item.lng} lat={item.lat}>
              <ButtonBase
                aria-label={`${item.count} ${noun} here: zoom in`}
                onClick={(event) => {
                  event.stopPropagation();
                  void zoomInto(item);
                }}
                sx={{
                  width: clusterSize(item.count),
                  height: clusterSize(item.count),
                  borderRadius: '50%',
                  bgcolor: alpha(theme.palette.primary.main, 0.9),
                  border: 2,
                  borderColor: 'background.paper',
                  boxShadow: 2,
                  color: 'primary.contrastText',
                  fontWeight: 700,
                  fontSize: 13,
                  '&:hover': { bgcolor: 'primary.dark' },
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'warning.main' },
                }}
              >
                {item.count.toLocaleString()}
              </ButtonBase>
            </OverlayMarker>
          ) : (
            <OverlayMarker key={item.key} lng={item.lng} lat={item.lat}>
              <ButtonBase
                aria-label={labelOf(byId.get(item.id) ?? ({ id: item.id } as M))}
                onClick={(event) => {
                  event.stopPropagation();
                  setSelectedId(item.id);
                }}
                sx={{ width: 20, height: 20, borderRadius: '50%', '&:focus-visible': { outline: '3px solid', outlineColor: 'warning.main' } }}
              />
            </OverlayMarker>
          ),
        )}
        {selected && selectedPosition && (
          <Popup ref={popupRef} longitude={selectedPosition.lng} latitude={selectedPosition.lat} anchor="bottom" offset={14} maxWidth="320px" closeOnClick={false} onClose={() => setSelectedId(null)}>
            {renderPopup(selected)}
          </Popup>
        )}
      </Map>
    </Box>
  );
}
