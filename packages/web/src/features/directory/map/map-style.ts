import type { StyleSpecification } from 'maplibre-gl';

/**
 * The basemap. The app ships its own (land, country and Australian state
 * borders as GeoJSON under /basemap/, drawn with fill and line layers only: no
 * tiles, no glyphs), so maps work with no internet. An online tile style can be
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
  light: { sea: '#dfe9f3', land: '#f7f5f0', coast: '#b9c3cc', border: '#a7adb4', state: '#c2b8a3' },
  dark: { sea: '#10161f', land: '#1d232c', coast: '#39424e', border: '#4a525d', state: '#5a5344' },
} as const;

export function offlineStyle(mode: 'light' | 'dark'): StyleSpecification {
  const colour = COLOURS[mode];
  return {
    version: 8,
    name: 'Offline basemap',
    sources: {
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
    ],
  };
}

/** Australia, where the business is, when there are no markers to fit. */
export const INITIAL_VIEW = { longitude: 134, latitude: -28, zoom: 3.2 } as const;
