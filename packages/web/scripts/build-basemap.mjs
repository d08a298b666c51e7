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
    { type: 'Feature', properties: { detail: '110m' }, geometry: { type: 'MultiPolygon', coordinates: worldLand.features.flatMap((f) => f.geometry.coordinates) } },
    { type: 'Feature', properties: { detail: '50m' }, geometry: { type: 'MultiPolygon', coordinates: regionPolygons } },
  ],
}, 3);
const countries = require('world-atlas/countries-110m.json');
write('borders.geojson', { type: 'Feature', properties: {}, geometry: mesh(countries, countries.objects.countries, (a, b) => a !== b) }, 2);
write('states.geojson', AUSTRALIAN_STATE_BORDERS, 2);
