import fs from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import {
  CHART_DEFAULT_CHLD,
  CHART_MARGIN_MAX,
  CHART_SIZE_MAX,
  CHART_SIZE_MIN,
  QR_ERROR_LEVELS,
  type ChartQuery,
} from '@ops/contract/charts/charts.schemas';
import { ApiError } from '../../platform/errors';

type Level = (typeof QR_ERROR_LEVELS)[number];

const bad = (detail: string) => new ApiError(400, { detail });

/** Share of the code's width the logo may cover: 20% of the width is 4% of the area, well inside level H's 30% recovery. */
const LOGO_SHARE = 0.2;

interface Request {
  width: number;
  height: number;
  data: string;
  level: Level;
  margin: number;
  logo: string | null;
}

function parse(query: ChartQuery): Request {
  if (query.cht === undefined || query.cht === '') throw bad('cht is required and must be "qr".');
  if (query.cht !== 'qr') throw bad(`cht "${query.cht.slice(0, 20)}" is not supported: cht must be "qr".`);
  if (query.chs === undefined || query.chs === '') throw bad('chs is required: WIDTHxHEIGHT in pixels, for example 300x300.');
  const size = /^(\d{1,5})x(\d{1,5})$/.exec(query.chs);
  if (!size) throw bad('chs must be WIDTHxHEIGHT in pixels, for example 300x300.');
  const width = Number(size[1]);
  const height = Number(size[2]);
  if ([width, height].some((v) => v < CHART_SIZE_MIN || v > CHART_SIZE_MAX)) {
    throw bad(`chs must be between ${CHART_SIZE_MIN}x${CHART_SIZE_MIN} and ${CHART_SIZE_MAX}x${CHART_SIZE_MAX} pixels.`);
  }
  if (query.chl === undefined || query.chl === '') throw bad('chl is required: the text to encode.');
  const chld = /^([LMQH])(?:\|(\d{1,2}))?$/.exec(query.chld || CHART_DEFAULT_CHLD);
  if (!chld || Number(chld[2] ?? 1) > CHART_MARGIN_MAX) {
    throw bad(
      `chld must be an error correction level L, M, Q or H, optionally followed by |margin (0-${CHART_MARGIN_MAX}), for example H|1.`,
    );
  }
  const logo = query.logo && query.logo !== 'none' ? query.logo : null;
  if (logo !== null && !/^[A-Za-z0-9_-]{1,64}$/.test(logo)) throw bad('logo must be "none" or the name of a brand logo.');
  if (logo !== null && chld[1] !== 'H') throw bad('logo needs error correction level H (chld=H|margin).');
  return { width, height, data: query.chl, level: chld[1] as Level, margin: chld[2] === undefined ? 1 : Number(chld[2]), logo };
}

export function createChartsService(options: { logoDir: string }) {
  const logos = new Map<string, PNG>();

  function loadLogo(name: string): PNG {
    const cached = logos.get(name);
    if (cached) return cached;
    const file = path.join(options.logoDir, `${name}.png`);
    if (!fs.existsSync(file)) throw bad(`logo "${name}" does not exist.`);
    const png = PNG.sync.read(fs.readFileSync(file));
    logos.set(name, png);
    return png;
  }

  return {
    /** A QR code as a PNG of exactly the requested size: the code centred on white, scaled by whole pixels per module. */
    generate(query: ChartQuery): Buffer {
      const request = parse(query);
      const logo = request.logo ? loadLogo(request.logo) : null;
      let qr: QRCode.QRCode;
      try {
        qr = QRCode.create(request.data, { errorCorrectionLevel: request.level });
      } catch {
        throw bad(`chl is too long for error correction level ${request.level}.`);
      }
      const count = qr.modules.size;
      const span = count + 2 * request.margin;
      const scale = Math.floor(Math.min(request.width, request.height) / span);
      if (scale < 1) throw bad(`chs is too small for this chl: the code needs at least ${span}x${span} pixels.`);

      const png = new PNG({ width: request.width, height: request.height });
      png.data.fill(255);
      const left = Math.floor((request.width - span * scale) / 2) + request.margin * scale;
      const top = Math.floor((request.height - span * scale) / 2) + request.margin * scale;
      for (let row = 0; row < count; row++) {
        for (let col = 0; col < count; col++) {
          if (!qr.modules.get(row, col)) continue;
          for (let y = 0; y < scale; y++) {
            const start = ((top + row * scale + y) * request.width + left + col * scale) * 4;
            for (let x = 0; x < scale; x++) {
              const i = start + x * 4;
              png.data[i] = 0;
              png.data[i + 1] = 0;
              png.data[i + 2] = 0;
            }
          }
        }
      }
      if (logo) overlayLogo(png, logo, { left, top, size: count * scale, scale });
      return PNG.sync.write(png);
    },
  };
}

/** Centres the logo on a white plate over the code, scaled (nearest pixel) to LOGO_SHARE of the code's width. */
function overlayLogo(target: PNG, logo: PNG, code: { left: number; top: number; size: number; scale: number }) {
  const box = Math.max(1, Math.floor(code.size * LOGO_SHARE));
  const pad = code.scale;
  const x0 = code.left + Math.floor((code.size - box) / 2);
  const y0 = code.top + Math.floor((code.size - box) / 2);
  for (let y = y0 - pad; y < y0 + box + pad; y++) {
    for (let x = x0 - pad; x < x0 + box + pad; x++) {
      const i = (y * target.width + x) * 4;
      target.data[i] = target.data[i + 1] = target.data[i + 2] = 255;
    }
  }
  const ratio = Math.max(logo.width, logo.height) / box;
  const w = Math.floor(logo.width / ratio);
  const h = Math.floor(logo.height / ratio);
  const ox = x0 + Math.floor((box - w) / 2);
  const oy = y0 + Math.floor((box - h) / 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s =
        (Math.min(logo.height - 1, Math.floor(y * ratio)) * logo.width + Math.min(logo.width - 1, Math.floor(x * ratio))) * 4;
      const alpha = logo.data[s + 3]! / 255;
      const d = ((oy + y) * target.width + ox + x) * 4;
      for (let k = 0; k < 3; k++) target.data[d + k] = Math.round(logo.data[s + k]! * alpha + target.data[d + k]! * (1 - alpha));
    }
  }
}

export type ChartsService = ReturnType<typeof createChartsService>;
