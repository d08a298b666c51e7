// The records module's public face: what other modules and the entry layer may use. Everything
// else in this folder is the module's own (checked by scripts/check-layers.mjs).
export { recordsPlugin } from './records.plugin';
export { recordsDemoSeeder, ensureUser, identityFor } from './records.seed';
// The help desk's scale seed numbers its tickets after the records' scale seed.
export { SCALE_ID_KIND, scaleSiteNumber, scaleSql, vacuumAnalyze, type ScaleRun } from './records.scale-seed';
export { CITIES, FIRST_NAMES, LAST_NAMES } from './records.demo-data';
// Lists others relate to (a ticket's client, a team's cost centre).
export {
  clientsResource,
  contactPersonsResource,
  costCentresResource,
  industriesResource,
  legalEntitiesResource,
} from './records.resource';
export { allocationScopeOf } from './allocation-scope';
// The write port (jobs: bulk change, import, undo).
export {
  recordColumns,
  recordEntity,
  recordFieldValue,
  recordScope,
  recordsWriterFor,
  type RecordEntity,
  type RecordsWriter,
} from './records-writer';
export type { Actor } from './records.entities';
export type { AnyRow, EntityKey, ReferenceTarget } from './records.tables';
