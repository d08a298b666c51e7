/**
 * Writes the glyphs the offline basemap's labels are drawn with
 * (public/basemap/fonts/<font>/<range>.pbf): signed distance fields in
 * MapLibre's glyph protobuf, the format a glyph server answers, made here from
 * Roboto (@fontsource/roboto, Apache 2.0) in plain JavaScript: opentype.js reads
 * the outlines, each glyph's outline is flattened to line segments and every
 * pixel of its bitmap gets its exact distance to the outline (negative inside).
 * No native font tool (node-fontnik) and no network. Only the ranges place names
 * use are written (Basic Latin, Latin-1, Latin Extended-A: Māori macrons);
 * scripts/build-places.mjs keeps names to those. The output is committed, so
 * builds never need this script: run it after changing it, `node scripts/build-glyphs.mjs`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import Pbf from 'pbf';

const require = createRequire(import.meta.url);
const out = path.resolve(import.meta.dirname, '../public/basemap/fonts');

/** MapLibre's glyph metrics: 24 px glyphs, a 3 px border, distances over 8 px, the edge at 0.75 (191). */
const SIZE = 24;
const BORDER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;
/** MapLibre places a glyph's top this far above where a server glyph's metrics put it (as its local TinySDF path does). */
const TOP_ADJUSTMENT = 26;
export const RANGES = [0, 256];

export const FONTS = {
  'roboto-regular': ['roboto-latin-400-normal.woff', 'roboto-latin-ext-400-normal.woff'],
  'roboto-medium': ['roboto-latin-500-normal.woff', 'roboto-latin-ext-500-normal.woff'],
};

const load = (file) => {
  const bytes = fs.readFileSync(require.resolve(`@fontsource/roboto/files/${file}`));
  return opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
};

/** The outline as closed polygons of [x, y] (y down), curves cut into short straight pieces. */
function polygons(path) {
  const rings = [];
  let ring = [];
  let x = 0;
  let y = 0;
  const steps = 8;
  for (const c of path.commands) {
    if (c.type === 'M') {
      if (ring.length) rings.push(ring);
      ring = [[c.x, c.y]];
    } else if (c.type === 'L') ring.push([c.x, c.y]);
    else if (c.type === 'Q') {
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        ring.push([u * u * x + 2 * u * t * c.x1 + t * t * c.x, u * u * y + 2 * u * t * c.y1 + t * t * c.y]);
      }
    } else if (c.type === 'C') {
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        ring.push([
          u * u * u * x + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x,
          u * u * u * y + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y,
        ]);
      }
    } else if (c.type === 'Z') {
      if (ring.length) rings.push(ring);
      ring = [];
      continue;
    }
    x = c.x ?? x;
    y = c.y ?? y;
  }
  if (ring.length) rings.push(ring);
  return rings.filter((r) => r.length > 2);
}

function segmentDistance(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length)) : 0;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return Math.sqrt(ex * ex + ey * ey);
}

/** Non-zero winding: TrueType and CFF outlines fill by it. */
function inside(px, py, rings) {
  let winding = 0;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [ax, ay] = ring[i];
      const [bx, by] = ring[(i + 1) % ring.length];
      if (ay <= py) {
        if (by > py && (bx - ax) * (py - ay) - (px - ax) * (by - ay) > 0) winding++;
      } else if (by <= py && (bx - ax) * (py - ay) - (px - ax) * (by - ay) < 0) winding--;
    }
  }
  return winding !== 0;
}

export function renderGlyph(font, code) {
  const glyph = font.charToGlyph(String.fromCodePoint(code));
  const advance = Math.round((glyph.advanceWidth ?? 0) * (SIZE / font.unitsPerEm));
  const rings = polygons(glyph.getPath(0, 0, SIZE));
  if (!rings.length) return { id: code, width: 0, height: 0, left: 0, top: -TOP_ADJUSTMENT, advance };
  const xs = rings.flat().map(([x]) => x);
  const ys = rings.flat().map(([, y]) => y);
  const left = Math.floor(Math.min(...xs));
  const top = Math.ceil(-Math.min(...ys));
  const width = Math.ceil(Math.max(...xs)) - left;
  const height = top + Math.ceil(Math.max(...ys));
  const w = width + 2 * BORDER;
  const h = height + 2 * BORDER;
  const bitmap = new Uint8Array(w * h);
  for (let j = 0; j < h; j++) {
    const py = -top - BORDER + j + 0.5;
    for (let i = 0; i < w; i++) {
      const px = left - BORDER + i + 0.5;
      let distance = Infinity;
      for (const ring of rings) {
        for (let k = 0; k < ring.length; k++) {
          const [ax, ay] = ring[k];
          const [bx, by] = ring[(k + 1) % ring.length];
          distance = Math.min(distance, segmentDistance(px, py, ax, ay, bx, by));
        }
      }
      const signed = inside(px, py, rings) ? -distance : distance;
      bitmap[j * w + i] = Math.max(0, Math.min(255, Math.round(255 - 255 * (signed / RADIUS + CUTOFF))));
    }
  }
  return { id: code, bitmap, width, height, left, top: top - TOP_ADJUSTMENT, advance };
}

function writeGlyph(glyph, pbf) {
  pbf.writeVarintField(1, glyph.id);
  if (glyph.bitmap) pbf.writeBytesField(2, glyph.bitmap);
  pbf.writeVarintField(3, glyph.width);
  pbf.writeVarintField(4, glyph.height);
  pbf.writeSVarintField(5, glyph.left);
  pbf.writeSVarintField(6, glyph.top);
  pbf.writeVarintField(7, glyph.advance);
}

export function glyphRange(name, fonts, start) {
  const glyphs = [];
  for (let code = start; code < start + 256; code++) {
    if (code < 32 || (code >= 127 && code < 160)) continue;
    const font = fonts.find((f) => f.charToGlyph(String.fromCodePoint(code)).index !== 0);
    if (font) glyphs.push(renderGlyph(font, code));
  }
  const pbf = new Pbf();
  pbf.writeMessage(
    1,
    (stack, p) => {
      p.writeStringField(1, name);
      p.writeStringField(2, `${start}-${start + 255}`);
      for (const glyph of stack) p.writeMessage(3, writeGlyph, glyph);
    },
    glyphs,
  );
  return pbf.finish();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [name, files] of Object.entries(FONTS)) {
    const fonts = files.map(load);
    fs.mkdirSync(path.join(out, name), { recursive: true });
    for (const start of RANGES) {
      const bytes = glyphRange(name, fonts, start);
      fs.writeFileSync(path.join(out, name, `${start}-${start + 255}.pbf`), bytes);
      console.log(`${name}/${start}-${start + 255}.pbf: ${(bytes.length / 1024).toFixed(0)} KB`);
    }
  }
}
