// Checked-in SQL cases of the records, allocations and dashboard statements (see repository-sql-cases.ts).
import { type SQL } from 'drizzle-orm';
import { createRecordsRepository } from '../modules/records/records.repository';
import { createOwnedRecordsRepository } from '../modules/records/owned-records.repository';
import { createRecordPagesRepository } from '../modules/records/record-pages.repository';
import { createRecordBatchesRepository } from '../modules/records/record-batches.repository';
import { createDirectoryMapRepository } from '../modules/records/directory-map.repository';
import { createAllocationRowsRepository } from '../modules/records/allocation-rows.repository';
import { createAllocationsRepository } from '../modules/allocations/allocations.repository';
import { attentionTickets, clientChanges, ticketFigures } from '../modules/dashboard/dashboard.queries';
import { at, sqlFactory, sqlFactoryIncluding, type F } from './repository-sql-fixture';
import type { SqlFactory } from './repository-sql';

export const records: SqlFactory<F>[] = [
  sqlFactoryIncluding(
    'records/records.repository.ts',
    'createRecordsRepository',
    createRecordsRepository,
    ['createOwnedRecordsRepository', 'createRecordPagesRepository', 'createDirectoryMapRepository'],
    {
      insertMany: (r, f: F) => r.insertMany('industry', [{ name: 'SQL snapshot industry', legalEntityId: f.legalEntity }]),
      insert: (r, f: F) => r.insert('brand', { name: 'SQL snapshot brand', legalEntityId: f.legalEntity }),
      update: (r, f: F) => r.update('brand', f.none, { name: 'Renamed' }),
      remove: (r, f: F) => r.remove('brand', f.none),
      find: [(r, f: F) => r.find('client', f.client), (r, f: F) => r.find('client', f.client, { scope: f.scope, lock: true })],
      exists: [(r, f: F) => r.exists('client', f.client), (r, f: F) => r.exists('user', f.user, f.scope)],
      versionOf: [(r, f: F) => r.versionOf('client', f.client), (r, f: F) => r.versionOf('client', f.client, f.scope)],
      subIndustryBelongsTo: (r, f: F) => r.subIndustryBelongsTo(f.none, f.industry),
      isClientAncestorOrSelf: (r, f: F) => r.isClientAncestorOrSelf(f.client, f.client),
      blockingReferences: (r, f: F) => r.blockingReferences('client', f.client),
      entityRows: (r, f: F) => r.entityRows('costCentre', [f.costCentre], f.scope),
      relationRoles: [(r, f: F) => r.relationRoles('client', [f.none]), (r, f: F) => r.relationRoles('costCentre', [f.none])],
      setRelationRoles: (r, f: F) => r.setRelationRoles('client', f.none, []),
      missingRoles: (r, f: F) => r.missingRoles('client', [f.none]),
      columnIs: (r, f: F) => r.columnIs('client', 'name', f.none),
      relationHasRole: (r, f: F) => r.relationHasRole('costCentre', f.none),
      idIs: (r, f: F) => r.idIs('client', f.client),
      allocationConditions: (r, f: F) => r.allocationConditions(f.other),
      allocate: (r, f: F) => r.allocate(f.other, { clientId: f.client }),
    },
  ),
  sqlFactory('records/owned-records.repository.ts', 'createOwnedRecordsRepository', createOwnedRecordsRepository, {
    ownerCondition: (r, f: F) => r.ownerCondition('client', 'address', f.client),
    lockOwner: (r, f: F) => r.lockOwner('client', f.client),
    findAddress: [(r, f: F) => r.findAddress('client', f.client, f.none), (r, f: F) => r.findAddress('client', f.client, f.none, { lock: true })],
    findContact: [
      (r, f: F) => r.findContact('cost_centre', f.costCentre, f.none),
      (r, f: F) => r.findContact('cost_centre', f.costCentre, f.none, { lock: true }),
    ],
    addressesByIds: (r, f: F) => r.addressesByIds([f.none]),
    contactsByIds: (r, f: F) => r.contactsByIds([f.none]),
    hasPrimaryAddress: (r, f: F) => r.hasPrimaryAddress('client', f.client),
    hasPrimaryContact: [
      (r, f: F) => r.hasPrimaryContact('client', f.client, 'EMAIL'),
      (r, f: F) => r.hasPrimaryContact('client', f.client, 'EMAIL', f.none),
    ],
    insertAddress: (r, f: F) => r.insertAddress({
        clientId: f.client,
        addressName: 'Head office',
        purpose: 'POSTAL',
        streetAddress: '1 Snapshot St',
        locality: 'Sydney',
        state: 'NSW',
        postalCode: '2000',
        country: 'AU',
      }),
    insertContact: (r, f: F) => r.insertContact({ clientId: f.client, contactType: 'EMAIL', contactDetail: 'snap@example.com' }),
    updateAddress: (r, f: F) => r.updateAddress(f.none, { streetAddress: '2 Snapshot St' }),
    updateContact: (r, f: F) => r.updateContact(f.none, { contactDetail: 'other@example.com' }),
    deleteAddress: (r, f: F) => r.deleteAddress(f.none),
    deleteContact: (r, f: F) => r.deleteContact(f.none),
    clearPrimaryAddress: (r, f: F) => r.clearPrimaryAddress('contact_person', f.contactPerson),
    clearPrimaryContact: (r, f: F) => r.clearPrimaryContact('contact_person', f.contactPerson, 'EMAIL'),
    promoteOldestAddress: (r, f: F) => r.promoteOldestAddress('contact_person', f.contactPerson),
    promoteOldestContact: (r, f: F) => r.promoteOldestContact('contact_person', f.contactPerson, 'EMAIL'),
    primaryAddresses: (r, f: F) => r.primaryAddresses('client', [f.client]),
    primaryContacts: (r, f: F) => r.primaryContacts('client', [f.client]),
  }),
  // An import's set-based writes (jobs/import-batch-writer.ts through the records writer's `batch`).
  sqlFactory('records/record-batches.repository.ts', 'createRecordBatchesRepository', createRecordBatchesRepository, {
    lockRows: [(r, f: F) => r.lockRows('client', [f.none], f.scope), (r, f: F) => r.lockRows('brand', [f.none], undefined), (r) => r.lockRows('client', [], undefined)],
    insertRows: (r, f: F) => r.insertRows('industry', [{ id: f.none, name: 'SQL snapshot batch industry', legalEntityId: f.legalEntity }]),
    updateRows: [
      (r, f: F) => r.updateRows('client', [{ id: f.none, values: { name: 'Renamed', phone: null } }, { id: f.none, values: { name: 'Other' } }], { updatedAt: at, updatedById: f.user }),
      (r) => r.updateRows('client', [], {}),
    ],
    industriesOfSubIndustries: [(r, f: F) => r.industriesOfSubIndustries([f.none]), (r) => r.industriesOfSubIndustries([])],
  }),
  sqlFactory('records/record-pages.repository.ts', 'createRecordPagesRepository', createRecordPagesRepository, {
    refs: (r, f: F) =>
      r.refs({
        users: [f.user],
        legalEntities: [f.legalEntity],
        industries: [f.industry],
        subIndustries: [f.none],
        clients: [f.client],
        brands: [f.none],
        contactPersons: [f.contactPerson],
        costCentres: [f.costCentre],
      }),
    together: (r, f: F) => r.together([() => r.refs({ legalEntities: [f.legalEntity] }), () => r.refs({ users: [f.user] })]),
    clientPage: [
      (r, f: F) => r.clientPage([f.client]),
      (r, f: F) => r.clientPage([f.client], undefined, true),
      (r, f: F) => r.clientPage([f.client], f.scope, true),
    ],
    costCentrePage: [(r, f: F) => r.costCentrePage([f.costCentre]), (r, f: F) => r.costCentrePage([f.costCentre], f.scope, true)],
    contactPersonPage: [(r, f: F) => r.contactPersonPage([f.contactPerson]), (r, f: F) => r.contactPersonPage([f.contactPerson], f.scope, true)],
    brandPage: (r, f: F) => r.brandPage([f.none]),
    contactRelationPage: [(r, f: F) => r.contactRelationPage([f.none]), (r, f: F) => r.contactRelationPage([f.none], f.scope)],
    costCentreRelationPage: (r, f: F) => r.costCentreRelationPage([f.none]),
    legalEntityPage: (r, f: F) => r.legalEntityPage([f.legalEntity]),
    industryPage: (r, f: F) => r.industryPage([f.industry]),
    subIndustryPage: (r, f: F) => r.subIndustryPage([f.none]),
  }),
  sqlFactory('records/directory-map.repository.ts', 'createDirectoryMapRepository', createDirectoryMapRepository, {
    costCentreMarkerPage: (r, f: F) => r.costCentreMarkerPage([f.costCentre]),
    hasCoordinates: [(r) => r.hasCoordinates('client'), (r) => r.hasCoordinates('cost_centre')],
    clientBanners: (r, f: F) => r.clientBanners([f.client]),
    operationsManagers: (r, f: F) => r.operationsManagers([f.costCentre]),
  }),
  // The rows behind the allocation writer (records/allocation-writer.ts, on the face).
  sqlFactory('records/allocation-rows.repository.ts', 'createAllocationRowsRepository', createAllocationRowsRepository, {
    derivedAllocations: (r) => r.derivedAllocations('PAYROLL'),
    insertAllocations: [(r, f: F) => r.insertAllocations([{ userId: f.none, costCentreId: f.none, source: 'PAYROLL' }]), (r) => r.insertAllocations([])],
    deleteAllocations: (r, f: F) => r.deleteAllocations([f.none]),
    deleteAllocation: (r, f: F) => r.deleteAllocation(f.none),
  }),
];

export const allocations = [
  sqlFactory('allocations/allocations.repository.ts', 'createAllocationsRepository', createAllocationsRepository, {
    allocationViews: (r, f: F) => r.allocationViews([f.none]),
    manualAllocationCheck: [
      (r, f: F) => r.manualAllocationCheck(f.other, 'legal_entity', f.legalEntity),
      (r, f: F) => r.manualAllocationCheck(f.other, 'client', f.client),
      (r, f: F) => r.manualAllocationCheck(f.other, 'cost_centre', f.costCentre),
    ],
    driftRows: (r) => r.driftRows(100, 0),
    desiredDerived: [(r) => r.desiredDerived('PAYROLL'), (r) => r.desiredDerived('DIRECTORY')],
  }),
];

/** The dashboard's statement functions (modules/dashboard/dashboard.queries.ts), bound to the executor as a repository's are. */
export const dashboard = [
  sqlFactory(
    'dashboard/dashboard.queries.ts',
    'dashboard.queries',
    (db) => ({
      ticketFigures: (scope: SQL | undefined, userId: string, since: Date) => ticketFigures(db, scope, userId, since),
      attentionTickets: (scope: SQL | undefined) => attentionTickets(db, scope),
      clientChanges: (scope: SQL | undefined) => clientChanges(db, scope),
    }),
    {
      ticketFigures: [(r, f: F) => r.ticketFigures(undefined, f.user, at), (r, f: F) => r.ticketFigures(f.scope, f.user, at)],
      attentionTickets: [(r) => r.attentionTickets(undefined), (r, f: F) => r.attentionTickets(f.scope)],
      clientChanges: [(r) => r.clientChanges(undefined), (r, f: F) => r.clientChanges(f.scope)],
    },
  ),
];
