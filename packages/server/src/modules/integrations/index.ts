// The integrations module's public face (see records/index.ts).
export { integrationsPlugin } from './integrations.plugin';
export { cronSchedule } from './scheduler';
