// The integrations module's public face (see records/index.ts).
export { integrationsPlugin } from './integrations.plugin';
export { integrationsDemoSeeder } from './integrations.seed';
export { cronSchedule } from './scheduler';
