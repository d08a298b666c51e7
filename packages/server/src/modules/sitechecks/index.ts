// The site checks module's public face (see records/index.ts).
export { siteChecksPlugin } from './sitechecks.plugin';
