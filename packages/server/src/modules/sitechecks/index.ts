// The site checks module's public face (see records/index.ts).
export { siteChecksPlugin } from './sitechecks.plugin';
// Reads for the home dashboard's card and the QR code's report page (scoped to the viewer's allocation).
export { createSiteCheckReads, type SiteCheckReads } from './sitechecks.reads';
// Automations (spec platform §14.3): rules on failed and missed runs filter and read them.
export { siteCheckRunsResource } from './sitechecks.resource';
export { siteCheckRuns } from '../../db/schema/sitechecks';
