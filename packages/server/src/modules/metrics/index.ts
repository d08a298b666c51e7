// The metrics module's public face (see records/index.ts).
export { metricsPlugin } from './metrics.plugin';
export { family, registerMetricsSource, sample } from './metrics.plugin';
