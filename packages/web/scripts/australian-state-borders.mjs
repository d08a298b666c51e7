/**
 * Australia's internal state and territory borders, simplified by hand to a
 * few kilometres (straight survey lines are exact; river borders follow the
 * rivers roughly). Good for orientation on an offline map, not for surveying.
 */
const line = (name, coordinates) => ({ type: 'Feature', properties: { name }, geometry: { type: 'LineString', coordinates } });

export const AUSTRALIAN_STATE_BORDERS = {
  type: 'FeatureCollection',
  features: [
    line('WA / NT, SA', [[129.0, -14.88], [129.0, -31.69]]),
    line('NT / SA', [[129.0, -26.0], [138.0, -26.0]]),
    line('NT / QLD', [[138.0, -16.55], [138.0, -26.0]]),
    line('SA / QLD', [[138.0, -26.0], [141.0, -26.0], [141.0, -29.0]]),
    line('NSW / QLD', [
      [141.0, -29.0], [148.99, -28.98], [149.8, -28.62], [150.31, -28.55], [150.75, -28.65], [151.17, -28.85], [151.35, -29.05],
      [151.6, -28.95], [151.93, -28.92], [152.15, -28.55], [152.5, -28.35], [153.0, -28.3], [153.3, -28.25], [153.55, -28.17],
    ]),
    line('SA / NSW, VIC', [[141.0, -29.0], [141.0, -34.0], [140.97, -34.0], [140.97, -38.06]]),
    line('NSW / VIC', [
      [141.0, -34.0], [141.6, -34.1], [142.16, -34.18], [142.77, -34.58], [143.3, -34.9], [143.56, -35.34], [144.2, -35.7], [144.75, -36.13],
      [145.3, -35.9], [146.0, -36.01], [146.92, -36.08], [147.5, -36.0], [147.9, -36.1], [148.2, -36.8], [149.98, -37.51],
    ]),
    line('ACT', [[149.0, -35.13], [149.2, -35.12], [149.4, -35.32], [149.1, -35.92], [148.77, -35.65], [148.8, -35.3], [149.0, -35.13]]),
  ],
};
