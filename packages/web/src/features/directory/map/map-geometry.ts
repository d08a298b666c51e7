/** Where markers go on the map: longitudes wrapped into [-180, 180), bounds that may cross the antimeridian. */

export interface LngLat {
  lng: number;
  lat: number;
}

/** [west, south, east, north]; east is above 180 when the box crosses the antimeridian (MapLibre draws it as one box). */
export type Bounds = [number, number, number, number];

/** Mercator cannot show the poles: latitudes are drawn within this. */
const MAX_LAT = 85.0511;

/** 190 -> -170, -181 -> 179, 540 -> -180: the same meridian in the range the map and the clusterer expect. */
export function wrapLng(lng: number): number {
  if (lng >= -180 && lng < 180) return lng;
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped;
}

/** A position the map can draw (finite, latitude on the globe), with its longitude wrapped; null otherwise. */
export function drawablePosition(position: LngLat): LngLat | null {
  const { lng, lat } = position;
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || lat < -90 || lat > 90) return null;
  return { lng: wrapLng(lng), lat: Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) };
}

/**
 * The smallest box holding every position. Longitudes are a circle: the box
 * leaves out the widest empty stretch of meridians, which may be on either
 * side of the antimeridian (markers in Fiji and Samoa: a box from 177 to 188,
 * not one from -172 to 178 around the whole world). Null for no positions.
 */
export function markerBounds(positions: readonly LngLat[]): Bounds | null {
  if (positions.length === 0) return null;
  let south = 90;
  let north = -90;
  const lngs = positions.map((position) => {
    south = Math.min(south, position.lat);
    north = Math.max(north, position.lat);
    return wrapLng(position.lng);
  });
  lngs.sort((a, b) => a - b);
  // The gap from the last longitude round to the first one (across the antimeridian)...
  let widestGap = lngs[0]! + 360 - lngs[lngs.length - 1]!;
  let west = lngs[0]!;
  let east = lngs[lngs.length - 1]!;
  // ...against each gap between neighbours: the widest one is what the box leaves out.
  for (let i = 1; i < lngs.length; i++) {
    const gap = lngs[i]! - lngs[i - 1]!;
    if (gap > widestGap) {
      widestGap = gap;
      west = lngs[i]!;
      east = lngs[i - 1]! + 360;
    }
  }
  return [west, Math.max(-MAX_LAT, south), east, Math.min(MAX_LAT, north)];
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * How far to pan the map ([x, y] pixels, MapLibre's panBy) so that a popup's box
 * lies inside the map's box with `margin` to spare. A popup taller or wider than
 * the map keeps its top and left edges in view (its heading and close button).
 */
export function popupPan(popup: Box, map: Box, margin = 10): [number, number] {
  const axis = (start: number, end: number, min: number, max: number) => {
    if (start < min + margin) return start - (min + margin);
    if (end > max - margin) return Math.min(end - (max - margin), start - (min + margin));
    return 0;
  };
  return [axis(popup.left, popup.right, map.left, map.right), axis(popup.top, popup.bottom, map.top, map.bottom)];
}
