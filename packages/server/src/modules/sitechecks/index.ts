// The site checks module's public face (see records/index.ts).
export { siteChecksPlugin } from './sitechecks.plugin';
// Automations (spec platform §14.3): rules on failed and missed runs filter and read them.
export { siteCheckRunsResource } from './sitechecks.resource';
export { siteCheckRuns } from '../../db/schema/sitechecks';
