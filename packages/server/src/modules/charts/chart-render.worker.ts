import fs from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import { readLogo, renderQrPng, type ChartRequest, type LogoImage, type RenderRefusal } from './chart-render';

export interface RenderTask {
  request: ChartRequest;
  logoDir: string;
}

const logos = new Map<string, LogoImage>();

function loadLogo(logoDir: string, name: string): LogoImage {
  const key = path.join(logoDir, `${name}.png`);
  let logo = logos.get(key);
  if (!logo) logos.set(key, (logo = readLogo(fs.readFileSync(key))));
  return logo;
}

/** One chart render in a worker thread: the PNG's bytes (moved back, not copied), or why it refused (a 400). */
export default function render({ request, logoDir }: RenderTask): Uint8Array | { refused: RenderRefusal } {
  const result = renderQrPng(request, request.logo ? loadLogo(logoDir, request.logo) : null);
  if (!('png' in result)) return result;
  const png = result.png;
  // A Buffer from pngjs may be a view into a shared pool: copy into a buffer of its own so it can be transferred.
  const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : new Uint8Array(png);
  return Piscina.move(own) as unknown as Uint8Array;
}
