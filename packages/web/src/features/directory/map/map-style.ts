import type { StyleSpecification } from 'maplibre-gl';

/**
 * The basemap. The app ships its own (land, country and Australian state
 * borders and place names as GeoJSON under /basemap/, labels drawn with glyphs
 * served from /basemap/fonts/; see scripts/build-basemap.mjs, build-places.mjs
 * and build-glyphs.mjs), so maps work with no internet. An online tile style can be
 * configured: the server's MAP_STYLE_URL, which it writes into index.html
 * (<meta name="ops-map-style">) and allows in its content security policy with
 * MAP_TILE_ORIGINS; or VITE_MAP_STYLE_URL at build time (the dev server). The
 * map toolbar switches between the two; see docs/operations.md.
 */
function configuredStyleUrl(): string | undefined {
  const fromServer = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="ops-map-style"]')?.content;
  return fromServer || (import.meta.env.VITE_MAP_STYLE_URL as string | undefined) || undefined;
}

export const ONLINE_STYLE_URL: string | undefined = configuredStyleUrl();

const COLOURS = {
  light: { sea: '#dfe9f3', land: '#f7f5f0', coast: '#b9c3cc', border: '#a7adb4', state: '#c2b8a3', label: '#3d4349', minorLabel: '#5c636b', halo: '#f7f5f0' },
  dark: { sea: '#10161f', land: '#1d232c', coast: '#39424e', border: '#4a525d', state: '#5a5344', label: '#dde2e8', minorLabel: '#b3bac3', halo: '#1d232c' },
} as const;

/** Where the basemap's glyphs are served; MapLibre needs an absolute URL template. */
const glyphsUrl = () => `${typeof window === 'undefined' ? '' : window.location.origin}/basemap/fonts/{fontstack}/{range}.pbf`;

/**
 * Place names by rank (scripts/build-places.mjs): 0 capitals and cities of a
 * million, 1 cities, 2 towns, 3 suburbs. Each rank appears from its own zoom;
 * larger places win where labels would overlap (the layer listed last is placed
 * first, and within a layer the larger population).
 */
const PLACE_RANKS = [
  { rank: 3, minzoom: 9.5, size: [9.5, 11, 14, 13], font: 'roboto-regular', minor: true },
  { rank: 2, minzoom: 6.5, size: [6.5, 11, 12, 14], font: 'roboto-regular', minor: false },
  { rank: 1, minzoom: 4.5, size: [4.5, 11.5, 10, 15], font: 'roboto-medium', minor: false },
  { rank: 0, minzoom: 2, size: [2, 11, 8, 16], font: 'roboto-medium', minor: false },
] as const;

function placeLayers(colour: (typeof COLOURS)[keyof typeof COLOURS]): StyleSpecification['layers'] {
  return PLACE_RANKS.map(({ rank, minzoom, size: [z0, s0, z1, s1], font, minor }) => ({
    id: `place-names-${rank}`,
    type: 'symbol',
    source: 'places',
    minzoom,
    filter: ['==', ['get', 'r'], rank],
    layout: {
      'text-field': ['get', 'n'],
      'text-font': [font],
      'text-size': ['interpolate', ['linear'], ['zoom'], z0, s0, z1, s1],
      'text-max-width': 8,
      'text-padding': 3,
      'symbol-sort-key': ['-', ['get', 'p']],
      // Cities are where clusters sit: their names go beside the place (below it first), clear of a
      // cluster's circle, rather than under it. Suburbs, seen zoomed in among single markers, stay centred.
      ...(rank <= 1 ? { 'text-variable-anchor': ['top', 'bottom', 'left', 'right'] as const, 'text-radial-offset': 1.5 } : {}),
    },
    paint: { 'text-color': minor ? colour.minorLabel : colour.label, 'text-halo-color': colour.halo, 'text-halo-width': 1.4, 'text-halo-blur': 0.3 },
  }));
}

export function offlineStyle(mode: 'light' | 'dark'): StyleSpecification {
  const colour = COLOURS[mode];
  return {
    version: 8,
    name: 'Offline basemap',
    glyphs: glyphsUrl(),
    sources: {
      places: { type: 'geojson', data: '/basemap/places.geojson' },
      land: { type: 'geojson', data: '/basemap/land.geojson' },
      borders: { type: 'geojson', data: '/basemap/borders.geojson' },
      states: { type: 'geojson', data: '/basemap/states.geojson' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colour.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colour.land, 'fill-antialias': true } },
      { id: 'coastline', type: 'line', source: 'land', paint: { 'line-color': colour.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.2] } },
      { id: 'country-borders', type: 'line', source: 'borders', paint: { 'line-color': colour.border, 'line-width': 0.8 } },
      {
        id: 'state-borders',
        type: 'line',
        source: 'states',
        paint: { 'line-color': colour.state, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 9, 1.6], 'line-dasharray': [3, 2] },
      },
      ...placeLayers(colour),
    ],
  };
}

/** Australia, where the business is, when there are no markers to fit. */
export const INITIAL_VIEW = { longitude: 134, latitude: -28, zoom: 3.2 } as const;
