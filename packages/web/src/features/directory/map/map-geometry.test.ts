import { describe, expect, it } from 'vitest';
import { drawablePosition, markerBounds, popupPan, wrapLng } from './map-geometry';

describe('wrapLng', () => {
  it.each([
    [0, 0],
    [151.2, 151.2],
    [190, -170],
    [-190, 170],
    [180, -180],
    [-180, -180],
    [540, -180],
    [-361, -1],
  ])('%d -> %d', (input, expected) => expect(wrapLng(input)).toBeCloseTo(expected, 9));
});

describe('drawablePosition', () => {
  it('wraps longitudes and keeps latitudes within what Mercator draws', () => {
    expect(drawablePosition({ lng: 181, lat: -17.7 })).toEqual({ lng: -179, lat: -17.7 });
    expect(drawablePosition({ lng: 10, lat: 89.9 })).toEqual({ lng: 10, lat: 85.0511 });
  });

  it('drops positions that are not on the globe', () => {
    expect(drawablePosition({ lng: Number.NaN, lat: 0 })).toBeNull();
    expect(drawablePosition({ lng: 0, lat: 95 })).toBeNull();
    expect(drawablePosition({ lng: Number.POSITIVE_INFINITY, lat: 0 })).toBeNull();
  });
});

describe('markerBounds', () => {
  it('is null without positions and a point for one', () => {
    expect(markerBounds([])).toBeNull();
    expect(markerBounds([{ lng: 151, lat: -33 }])).toEqual([151, -33, 151, -33]);
  });

  it('boxes markers on one side of the antimeridian as usual', () => {
    expect(
      markerBounds([
        { lng: 151.2, lat: -33.9 },
        { lng: 115.9, lat: -31.9 },
        { lng: 130.8, lat: -12.5 },
      ]),
    ).toEqual([115.9, -33.9, 151.2, -12.5]);
  });

  it('crosses the antimeridian when that is the short way round (Fiji and Samoa)', () => {
    const bounds = markerBounds([
      { lng: 178.4, lat: -18.1 },
      { lng: -171.8, lat: -13.8 },
      { lng: 177.4, lat: -17.8 },
    ]);
    expect(bounds![0]).toBeCloseTo(177.4, 9);
    expect(bounds![2]).toBeCloseTo(188.2, 9);
    expect([bounds![1], bounds![3]]).toEqual([-18.1, -13.8]);
  });

  it('treats longitudes past 180 as the meridian they wrap to (Sydney and Auckland given as 174 or -186)', () => {
    const given = markerBounds([
      { lng: 151.2, lat: -33.9 },
      { lng: -185.2, lat: -36.8 },
    ]);
    expect(given![0]).toBeCloseTo(151.2, 9);
    expect(given![2]).toBeCloseTo(174.8, 9);
  });

  it('spans Australia to Hawaii across the Pacific, not across Africa', () => {
    const bounds = markerBounds([
      { lng: 151.2, lat: -33.9 },
      { lng: -157.9, lat: 21.3 },
    ]);
    expect(bounds![0]).toBeCloseTo(151.2, 9);
    expect(bounds![2]).toBeCloseTo(202.1, 9);
  });
});

describe('popupPan', () => {
  const map = { left: 0, top: 100, right: 400, bottom: 600 };

  it('pans nothing when the popup is inside the map', () => {
    expect(popupPan({ left: 50, top: 200, right: 250, bottom: 400 }, map)).toEqual([0, 0]);
  });

  it('pans the view up (content down) by as much as the popup sticks out of the top, plus the margin', () => {
    expect(popupPan({ left: 50, top: 40, right: 250, bottom: 240 }, map)).toEqual([0, -70]);
  });

  it('pans right or left for a popup past either side', () => {
    expect(popupPan({ left: 300, top: 200, right: 500, bottom: 300 }, map)).toEqual([110, 0]);
    expect(popupPan({ left: -30, top: 200, right: 170, bottom: 300 }, map)).toEqual([-40, 0]);
  });

  it('keeps the top of a popup taller than the map in view', () => {
    expect(popupPan({ left: 50, top: 150, right: 250, bottom: 800 }, map)).toEqual([0, 40]);
  });
});
