/**
 * Writes the offline basemap served with the app (public/basemap/): land and
 * country borders from Natural Earth (via world-atlas, public domain) and
 * Australia's state borders. Run after changing it: `node scripts/build-basemap.mjs`.
 * The output is committed, so builds never need this script or the network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import { AUSTRALIAN_STATE_BORDERS } from './australian-state-borders.mjs';

const require = createRequire(import.meta.url);
const out = path.resolve(import.meta.dirname, '../public/basemap');
fs.mkdirSync(out, { recursive: true });

const round = (digits) => {
  const factor = 10 ** digits;
  const walk = (value) => (typeof value === 'number' ? Math.round(value * factor) / factor : Array.isArray(value) ? value.map(walk) : value);
  return walk;
};

function write(name, geojson, digits) {
  const rounded = JSON.parse(JSON.stringify(geojson), (key, value) => (key === 'coordinates' ? round(digits)(value) : value));
  const text = JSON.stringify(rounded);
  fs.writeFileSync(path.join(out, name), text);
  console.log(`${name}: ${(text.length / 1024).toFixed(0)} KB`);
}

/**
 * Natural Earth splits rings that cross the antimeridian with a jump from 180
 * to -180 (Fiji, Chukotka). Drawn as GeoJSON such an edge runs round the whole
 * world: a line across the map. The ring is made continuous instead
 * (longitudes past 180 where it crosses), which MapLibre draws in place. A ring
 * that goes round the pole (Antarctica) does not close that way and is kept.
 */
function unwrapRing(ring) {
  let offset = 0;
  const unwrapped = ring.map(([lon, lat], index) => {
    const previous = ring[index - 1];
    if (previous && lon - previous[0] > 180) offset -= 360;
    else if (previous && previous[0] - lon > 180) offset += 360;
    return [lon + offset, lat];
  });
  if (unwrapped.at(-1)[0] !== unwrapped[0][0]) return ring;
  const lons = unwrapped.map(([lon]) => lon);
  const middle = (Math.min(...lons) + Math.max(...lons)) / 2;
  const shift = middle > 180 ? -360 : middle < -180 ? 360 : 0;
  return unwrapped.map(([lon, lat]) => [lon + shift, lat]);
}
const continuous = (polygons) => polygons.map((polygon) => polygon.map(unwrapRing));

// The world at 1:110m, and Australasia (where the business is) at 1:50m on top.
const REGION = { west: 95, east: 180, south: -50, north: 5 };
const inRegion = (polygon) =>
  polygon[0].some(([lon, lat]) => lon >= REGION.west && lon <= REGION.east && lat >= REGION.south && lat <= REGION.north);

const world = require('world-atlas/land-110m.json');
const detailed = require('world-atlas/land-50m.json');
const worldLand = feature(world, world.objects.land);
const regionLand = feature(detailed, detailed.objects.land);
const regionPolygons = regionLand.features.flatMap((f) => f.geometry.coordinates).filter(inRegion);
write('land.geojson', {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { detail: '110m' }, geometry: { type: 'MultiPolygon', coordinates: continuous(worldLand.features.flatMap((f) => f.geometry.coordinates)) } },
    { type: 'Feature', properties: { detail: '50m' }, geometry: { type: 'MultiPolygon', coordinates: continuous(regionPolygons) } },
  ],
}, 3);
const countries = require('world-atlas/countries-110m.json');
write('borders.geojson', { type: 'Feature', properties: {}, geometry: mesh(countries, countries.objects.countries, (a, b) => a !== b) }, 2);
write('states.geojson', AUSTRALIAN_STATE_BORDERS, 2);
