// The records module's public face: what other modules may import from it; everything else in this
// folder is the module's own (scripts/check-layers.mjs). Seed steps (*.seed.ts, *.scale-seed.ts)
// are not exported here: only the entry layer (seed/demo-seed.ts, cli/) imports them, so the server
// process never loads demo data code.
export { recordsPlugin, type RecordChange, type RecordChangeListener } from './records.plugin';
// The help desk's scale seed refers to the records' scale seed's clients and cost centres by id.
export { SCALE_ID_KIND, scaleSiteNumber, scaleSql, type ScaleRun } from './scale-ids';
export { FIRST_NAMES, LAST_NAMES } from './records.demo-data';
export { CITIES } from './records.demo-places';
// Lists others relate to (a ticket's client, a team's cost centre).
export {
  clientsResource,
  brandsResource,
  contactPersonsResource,
  costCentresResource,
  industriesResource,
  legalEntitiesResource,
} from './records.resource';
export { allocatedClientIds, allocationScopeOf } from './allocation-scope';
// The write port (jobs: bulk change, import, undo).
export {
  recordColumns,
  recordEntity,
  recordFieldValue,
  recordScope,
  recordsWriterFor,
  recordVisible,
  type RecordEntity,
  type RecordsWriter,
} from './records-writer';
// The allocation write port (allocations: manual rows and what the syncs derive; the demo seed).
export {
  allocationWriterFor,
  type AllocationChange,
  type AllocationWriter,
  type DerivedAllocation,
  type ManualAllocation,
} from './allocation-writer';
export type { Actor, CreateInput, CreateWrite, EntityWrites, UpdateInput, UpdateWrite } from './records.entities';
export type { AnyRow, EntityKey, ReferenceTarget } from './records.tables';
// Tables other modules may read (names and sites for tickets, search, the dashboard, imports'
// lookups); writes go through the write ports above (scripts/check-layers.mjs, docs/architecture.md).
export {
  allocations,
  brands,
  clients,
  contactPersons,
  costCentres,
  industries,
  legalEntities,
  subIndustries,
} from '../../db/schema/records';
