import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import type { QR_ERROR_LEVELS } from '@ops/contract/charts/charts.schemas';

/** A checked chart request: what the renderer draws. */
export interface ChartRequest {
  width: number;
  height: number;
  data: string;
  level: (typeof QR_ERROR_LEVELS)[number];
  margin: number;
  logo: string | null;
}

/** Decoded RGBA pixels of a logo. */
export interface LogoImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Why a request cannot be drawn, as a code of the charts' catalogue and its value (the caller answers 400 with it). */
export type RenderRefusal = { code: 'CHL_TOO_LONG'; level: string } | { code: 'CHS_TOO_SMALL_FOR_CHL'; span: number };
/** The PNG, or why the request cannot be drawn. */
export type RenderResult = { png: Uint8Array } | { refused: RenderRefusal };

/** Share of the code's width the logo may cover: 20% of the width is 4% of the area, well inside level H's 30% recovery. */
const LOGO_SHARE = 0.2;

export function readLogo(file: Buffer): LogoImage {
  const png = PNG.sync.read(file);
  return { width: png.width, height: png.height, data: png.data };
}

/**
 * A QR code as a PNG of exactly the requested size: the code centred on white,
 * scaled by whole pixels per module. Pure and synchronous: it runs inside the
 * chart worker threads (chart-render.worker.ts), never on the event loop.
 */
export function renderQrPng(request: ChartRequest, logo: LogoImage | null): RenderResult {
  let qr: QRCode.QRCode;
  try {
    qr = QRCode.create(request.data, { errorCorrectionLevel: request.level });
  } catch {
    return { refused: { code: 'CHL_TOO_LONG', level: request.level } };
  }
  const count = qr.modules.size;
  const span = count + 2 * request.margin;
  const scale = Math.floor(Math.min(request.width, request.height) / span);
  if (scale < 1) return { refused: { code: 'CHS_TOO_SMALL_FOR_CHL', span } };

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
  return { png: PNG.sync.write(png) };
}

/** Centres the logo on a white plate over the code, scaled (nearest pixel) to LOGO_SHARE of the code's width. */
function overlayLogo(target: PNG, logo: LogoImage, code: { left: number; top: number; size: number; scale: number }) {
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
