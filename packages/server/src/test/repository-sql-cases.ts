import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { createIdentityRepository, createUserDirectoryRepository } from '../modules/identity/identity.repository';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository';
import { createIntegrationsRepository } from '../modules/integrations/integrations.repository';
import { createSyncRepository } from '../modules/integrations/sync.repository';
import { createFlowRepository } from '../modules/helpdesk-flow/flow.repository';
import { permissionHolders } from '../modules/identity/permission-holders';
import { createHelpdeskRepository } from '../modules/helpdesk/helpdesk.repository';
import { createTicketViews } from '../modules/helpdesk/ticket-views.repository';
import { createTicketSitesRepository, ticketScopeCondition } from '../modules/helpdesk/ticket-sites.repository';
import { createReplyTokensRepository } from '../modules/notifications/reply-tokens.repository';
import { createFlowTicketsRepository } from '../modules/helpdesk/flow-tickets.repository';
import { createRecordsRepository } from '../modules/records/records.repository';
import { createOwnedRecordsRepository } from '../modules/records/owned-records.repository';
import { createRecordPagesRepository } from '../modules/records/record-pages.repository';
import { createRecordBatchesRepository } from '../modules/records/record-batches.repository';
import { createDirectoryMapRepository } from '../modules/records/directory-map.repository';
import { createAllocationRowsRepository } from '../modules/records/allocation-rows.repository';
import { createAllocationsRepository } from '../modules/allocations/allocations.repository';
import { attentionTickets, clientChanges, ticketFigures } from '../modules/dashboard/dashboard.queries';
import { directoryGroups } from '../db/schema/google-sync';
import { jobs as jobsTable } from '../db/schema/jobs';
import { createJobsRepository } from '../modules/jobs/jobs.repository';
import { createImportsRepository } from '../modules/jobs/imports.repository';
import { clients as recordClients } from '../modules/records/index';
import { createViewsRepository } from '../modules/views/views.repository';
import { createCannedRepliesRepository } from '../modules/canned-replies/canned-replies.repository';
import { createSiteReportRepository } from '../modules/site-report/site-report.repository';
import { createTimelineRepository } from '../modules/timeline/timeline.repository';
import { timelineSources } from '../modules/timeline/timeline.sources';
import { createSearchRepository } from '../modules/search/search.repository';
import { searchPlans } from '../modules/search/search-kinds';
import { SYSTEM_VIEWER } from '../list-query/list-resource';
import { sqlFactory as anyFactory, sqlFactoryIncluding as anyFactoryIncluding, type SqlCases, type SqlFactory } from './repository-sql';

/** Rows the calls refer to, made through the API before the run (their ids are bound values, not in the text). */
export interface SqlFixture {
  user: string;
  other: string;
  /** A scoped viewer (user type 5): the allocation conditions go into the statements. */
  viewer: { id: string; userType: number; isSuperuser: boolean };
  legalEntity: string;
  industry: string;
  client: string;
  costCentre: string;
  contactPerson: string;
  ticket: string;
  /** An id that names nothing (deletes and updates aimed at it leave the fixture alone). */
  none: string;
  scope: SQL;
}
type F = SqlFixture;
const sqlFactory = <R extends object>(file: string, name: string, make: (db: Db) => R, cases: SqlCases<R, F>) =>
  anyFactory<R, F>(file, name, make, cases);
const sqlFactoryIncluding = <R extends object>(file: string, name: string, make: (db: Db) => R, includes: string[], cases: Partial<SqlCases<R, F>>) =>
  anyFactoryIncluding<R, F>(file, name, make, includes, cases);
const at = new Date('2026-01-01T00:00:00Z');

const identity = [
  sqlFactory('identity/identity.repository.ts', 'createIdentityRepository', createIdentityRepository, {
    findUserByEmail: (r) => r.findUserByEmail('someone@example.com'),
    findUserById: (r, f: F) => r.findUserById(f.user),
    insertUser: (r) => r.insertUser({ email: 'sql-snapshot@example.com', password: 'x', firstName: 'Sql', lastName: 'Snapshot' }),
    updateUser: (r, f: F) => r.updateUser(f.none, { firstName: 'Renamed' }),
    countUsers: (r) => r.countUsers(),
    userGroups: (r, f: F) => r.userGroups(f.user),
    reportingManager: [(r, f: F) => r.reportingManager(f.user), (r) => r.reportingManager(null)],
    findGroupByName: (r) => r.findGroupByName('Staff'),
    findGroupByUserType: (r) => r.findGroupByUserType(2),
    addUserToGroup: (r, f: F) => r.addUserToGroup(f.none, f.none),
    findPermission: (r) => r.findPermission('ticket', 'view'),
    grantUserPermission: (r, f: F) => r.grantUserPermission(f.none, f.none),
    permissionKeys: (r, f: F) => r.permissionKeys(f.user),
    insertToken: (r, f: F) => r.insertToken({ digest: 'd'.repeat(64), tokenKey: 'dddddddd', userId: f.user, expiry: at }),
    takeToken: (r) => r.takeToken('d'.repeat(64)),
    deleteExpiredTokens: (r) => r.deleteExpiredTokens(),
    findUserByTokenDigest: (r) => r.findUserByTokenDigest('e'.repeat(64), 3600),
    deleteToken: (r) => r.deleteToken('e'.repeat(64)),
    extendToken: (r) => r.extendToken('e'.repeat(64), at, 3600),
    deleteUserTokens: (r, f: F) => r.deleteUserTokens(f.none),
    insertSession: (r, f: F) => r.insertSession({ digest: 's'.repeat(64), userId: f.user, expiry: at }),
    findUserBySessionDigest: (r) => r.findUserBySessionDigest('s'.repeat(64), 3600),
    deleteSession: (r) => r.deleteSession('t'.repeat(64)),
    extendSession: (r) => r.extendSession('t'.repeat(64), at, 3600),
    deleteUserSessions: (r, f: F) => r.deleteUserSessions(f.none),
    lockLoginAddress: (r) => r.lockLoginAddress('192.0.2.1'),
    recordLoginFailure: (r) => r.recordLoginFailure('someone@example.com', '192.0.2.1'),
    countRecentLoginFailures: (r) => r.countRecentLoginFailures('someone@example.com', '192.0.2.1', 900),
    countRecentLoginFailuresFromAddress: (r) => r.countRecentLoginFailuresFromAddress('192.0.2.1', 900),
    recordSecurityEvent: (r) => r.recordSecurityEvent({ kind: 'login_failed', email: 'someone@example.com' }),
    securityEventsByIds: (r, f: F) => r.securityEventsByIds([f.none]),
    clearLoginFailures: (r) => r.clearLoginFailures('someone@example.com', '192.0.2.1'),
    getProfile: (r, f: F) => r.getProfile(f.user),
    upsertProfile: (r, f: F) => r.upsertProfile(f.user, { phone: '0400000000' }),
    getAppSetting: (r, f: F) => r.getAppSetting(f.user),
    ensureAppSetting: (r, f: F) =>
      r.ensureAppSetting(f.user, {
        themeMode: 'LIGHT',
        themeColour: 'BLUE',
        displayDensity: 'STANDARD',
        defaultPageView: 'LIST',
        language: 'EN',
        dateTimeFormat: 'DMY',
        timezone: 'Australia/Sydney',
        landingPage: 'HOME',
      }),
    updateAppSetting: (r, f: F) => r.updateAppSetting(f.user, { themeMode: 'DARK' }),
    getPageSetting: (r, f: F) => r.getPageSetting(f.user, f.none),
    insertPageSetting: (r, f: F) => r.insertPageSetting({ userId: f.user, page: 'CLIENTS', pageSetting: {} }),
    updatePageSetting: (r, f: F) => r.updatePageSetting(f.user, f.none, { layout: 'COMPACT' }),
    deletePageSetting: (r, f: F) => r.deletePageSetting(f.user, f.none),
    groupsForUsers: (r, f: F) => r.groupsForUsers([f.user, f.other]),
  }),
  sqlFactory('identity/identity.repository.ts', 'createUserDirectoryRepository', createUserDirectoryRepository, {
    publicUsersByIds: (r, f: F) => r.publicUsersByIds([f.user, f.other]),
    pageSettingsByIds: (r, f: F) => r.pageSettingsByIds([f.none]),
  }),
];

const notifications = [
  sqlFactory('notifications/notifications.repository.ts', 'createNotificationsRepository', createNotificationsRepository, {
    insertNotifications: (r, f: F) => r.insertNotifications([{ recipientId: f.user, verb: 'assigned you a ticket' }]),
    activeRecipients: (r, f: F) => r.activeRecipients([f.user, f.other]),
    preferencesOf: (r, f: F) => r.preferencesOf([f.user]),
    savePreferences: (r, f: F) => r.savePreferences({ userId: f.user, channels: {}, quietStart: '22:00', quietEnd: '07:00', digest: 'NONE', digestTime: '08:00' }),
    byIds: (r, f: F) => r.byIds([f.none]),
    activeByIds: (r, f: F) => r.activeByIds(f.user, [f.none]),
    findActive: (r, f: F) => r.findActive(f.user, f.none),
    setUnread: (r, f: F) => r.setUnread(f.user, f.none, false),
    softDelete: (r, f: F) => r.softDelete(f.user, f.none),
    readAll: (r, f: F) => r.readAll(f.other),
    deleteAll: (r, f: F) => r.deleteAll(f.other),
    counts: (r, f: F) => r.counts(f.user),
    activeAfter: (r, f: F) => r.activeAfter(f.user, f.none, 20),
    insertStreamToken: (r, f: F) => r.insertStreamToken({ digest: 'n'.repeat(64), userId: f.user, expiry: at }),
    userIdForStreamToken: (r) => r.userIdForStreamToken('n'.repeat(64)),
    insertEmails: (r) => r.insertEmails([{ toAddress: 'someone@example.com', subject: 'Subject', body: 'Body' }]),
    leaseDueEmails: (r) => r.leaseDueEmails(10, 60),
    emailBacklog: (r) => r.emailBacklog(),
    markEmailSent: (r, f: F) => r.markEmailSent(f.none),
    markEmailFailed: [(r, f: F) => r.markEmailFailed(f.none, 'refused', 60_000), (r, f: F) => r.markEmailFailed(f.none, 'refused', null)],
    emails: (r) => r.emails(),
  }),
  sqlFactory('notifications/reply-tokens.repository.ts', 'createReplyTokensRepository', createReplyTokensRepository, {
    insertMissingTokens: [(r) => r.insertMissingTokens([]), (r, f: F) => r.insertMissingTokens([{ ticketId: f.none, token: 'a'.repeat(32) }])],
    tokensOf: (r, f: F) => r.tokensOf([f.ticket, f.none]),
    ticketIdOf: (r) => r.ticketIdOf('a'.repeat(32)),
  }),
];

const integrations = [
  sqlFactory('integrations/integrations.repository.ts', 'createIntegrationsRepository', createIntegrationsRepository, {
    rowsByIds: (r, f: F) => r.rowsByIds(directoryGroups, directoryGroups.id, [f.none]),
    employeesByIds: (r, f: F) => r.employeesByIds([f.none]),
    groupExists: (r) => r.groupExists('group@example.com'),
    journal: (r) => r.journal('1'),
    invoice: (r) => r.invoice('1'),
    group: (r) => r.group('group@example.com'),
    runsByIds: (r, f: F) => r.runsByIds([f.none]),
    fitsInt64: (r) => r.fitsInt64('9223372036854775808'),
  }),
  sqlFactory('integrations/sync.repository.ts', 'createSyncRepository', createSyncRepository, {
    upsert: [
      (r) => r.upsert('directoryGroup', [{ id: 'group@example.com', name: 'Group', email: 'group@example.com' }]),
      (r) => r.upsert('groupMember', [{ group: 'group@example.com', id: 'member-1', email: 'member@example.com' }]),
    ],
    deleteUnseen: (r) => r.deleteUnseen('directoryGroup', [{ id: 'group@example.com' }]),
    existingIds: (r) => r.existingIds('groupMember'),
    startRun: (r) => r.startRun('google-sync', 'cli'),
    finishRun: (r, f: F) => r.finishRun(f.none, { status: 'succeeded', rowsRead: 1, counts: { inserted: 1, updated: 0, deleted: 0 } }),
    latestRuns: (r) => r.latestRuns('google-sync'),
    failAbandonedRuns: (r) => r.failAbandonedRuns('google-sync'),
  }),
];

const helpdeskFlow = [
  sqlFactory('helpdesk-flow/flow.repository.ts', 'createFlowRepository', createFlowRepository, {
    teamsWithMembers: (r, f: F) => r.teamsWithMembers([f.none]),
    insertTeam: (r) => r.insertTeam({ name: 'SQL snapshot team' }),
    updateTeam: (r, f: F) => r.updateTeam(f.none, { name: 'Renamed' }),
    deleteTeam: (r, f: F) => r.deleteTeam(f.none),
    replaceMembers: (r, f: F) => r.replaceMembers(f.none, []),
    teamMemberIds: (r, f: F) => r.teamMemberIds([f.none]),
    nextRoundRobin: (r, f: F) => r.nextRoundRobin(f.none),
    lockTeam: (r, f: F) => r.lockTeam(f.none),
    assignableMembers: (r, f: F) => r.assignableMembers(f.none),
    rulesByIds: (r, f: F) => r.rulesByIds([f.none]),
    insertRule: (r, f: F) => r.insertRule({ position: 1, teamId: f.none }),
    updateRule: (r, f: F) => r.updateRule(f.none, { position: 2 }),
    deleteRule: (r, f: F) => r.deleteRule(f.none),
    firstMatchingRule: (r, f: F) =>
      r.firstMatchingRule({ ticketType: 'INCIDENT', priority: 'HIGH', costCentreId: f.costCentre, industryId: f.industry, legalEntityId: f.legalEntity }),
    policiesByIds: (r, f: F) => r.policiesByIds([f.none]),
    insertPolicy: (r) => r.insertPolicy({ name: 'Policy', position: 1, firstResponseMinutes: 60, resolutionMinutes: 480, businessHours: {} }),
    updatePolicy: (r, f: F) => r.updatePolicy(f.none, { name: 'Renamed' }),
    deletePolicy: (r, f: F) => r.deletePolicy(f.none),
    firstMatchingPolicy: (r, f: F) =>
      r.firstMatchingPolicy({ ticketType: 'INCIDENT', priority: 'HIGH', costCentreId: null, industryId: f.industry, legalEntityId: f.legalEntity }),
    userNames: (r, f: F) => r.userNames([f.user]),
    siteOf: [(r, f: F) => r.siteOf(f.costCentre, f.client), (r, f: F) => r.siteOf(null, f.client)],
    existing: (r, f: F) => r.existing({ users: [f.user], industries: [f.industry], legalEntities: [f.legalEntity], costCentres: [f.costCentre], teams: [f.none] }),
  }),
];

const helpdesk = [
  sqlFactory('helpdesk/ticket-views.repository.ts', 'createTicketViews', createTicketViews, {
    ticketViews: (r, f: F) => r.ticketViews([f.ticket]),
    ticketListViews: (r, f: F) => r.ticketListViews([f.ticket]),
    historyViews: (r, f: F) => r.historyViews([f.none]),
    conversationViews: (r, f: F) => r.conversationViews([f.none]),
    attachmentViews: (r, f: F) => r.attachmentViews([f.none]),
    publicUsers: (r, f: F) => r.publicUsers([f.user]),
  }),
  sqlFactory('helpdesk/ticket-sites.repository.ts', 'createTicketSitesRepository', createTicketSitesRepository, {
    ticketInScope: [(r, f: F) => r.ticketInScope(f.viewer, f.ticket), (r, f: F) => r.ticketInScope(null, f.ticket)],
    defaultSiteOf: (r, f: F) => r.defaultSiteOf(f.other),
    costCentreWithin: [(r, f: F) => r.costCentreWithin(f.costCentre, undefined), (r, f: F) => r.costCentreWithin(f.costCentre, f.scope)],
    clientWithin: [(r, f: F) => r.clientWithin(f.client, undefined), (r, f: F) => r.clientWithin(f.client, f.scope)],
    clientOfCostCentre: (r, f: F) => r.clientOfCostCentre(f.costCentre),
  }),
  // A condition the staff ticket list, the dashboard and search put in their statements.
  sqlFactory('helpdesk/ticket-sites.repository.ts', 'ticketScopeCondition', () => ({ ticketScopeCondition }), {
    ticketScopeCondition: [(r) => r.ticketScopeCondition(null), (r, f: F) => r.ticketScopeCondition(f.viewer)],
  }),
  // The joined reads of ticket-views.repository.ts and the site reads of ticket-sites.repository.ts are spread into the help desk repository.
  sqlFactoryIncluding(
    'helpdesk/helpdesk.repository.ts',
    'createHelpdeskRepository',
    (db) => createHelpdeskRepository(db, permissionHolders),
    ['createTicketViews', 'createTicketSitesRepository'],
    {
    resolveSite: [
      (r, f: F) => r.resolveSite(f.viewer, { client: f.client, cost_centre: f.costCentre }),
      (r, f: F) => r.resolveSite({ id: f.user, userType: 1, isSuperuser: true }, { client: f.client, cost_centre: f.costCentre }),
    ],
    teamExists: (r, f: F) => r.teamExists(f.none),
    staffAmong: (r, f: F) => r.staffAmong([f.user, f.other]),
    insertTicket: (r, f: F) => r.insertTicket({ requesterId: f.user, title: 'SQL snapshot', ticketType: 'INCIDENT', ticketContent: {} }),
    findTicket: [(r, f: F) => r.findTicket(f.ticket), (r, f: F) => r.findTicket(f.ticket, { lock: true })],
    updateTicket: (r, f: F) => r.updateTicket(f.none, { priority: 'HIGH' }),
    deleteTicket: (r, f: F) => r.deleteTicket(f.none),
    insertHistory: (r, f: F) => r.insertHistory([{ ticketId: f.ticket, field: 'priority', fromValue: 'LOW', toValue: 'HIGH' }]),
    insertConversation: (r, f: F) => r.insertConversation({ ticketId: f.ticket, senderId: f.user, message: {} }),
    findConversation: (r, f: F) => r.findConversation(f.none),
    updateConversation: (r, f: F) => r.updateConversation(f.none, { message: {} }),
    deleteConversation: (r, f: F) => r.deleteConversation(f.none),
    replaceCopies: (r, f: F) => r.replaceCopies(f.none, []),
    conversationParticipantIds: (r, f: F) => r.conversationParticipantIds(f.ticket),
    copyUserIds: (r, f: F) => r.copyUserIds(f.none),
    insertAttachments: (r, f: F) =>
      r.insertAttachments([{ ticketId: f.ticket, storageKey: 'snapshot/key', fileName: 'a.txt', fileType: 'txt', size: 1 }]),
    findAttachment: [(r, f: F) => r.findAttachment(f.none, { ticketId: f.ticket }), (r, f: F) => r.findAttachment(f.none, { conversationId: f.none })],
    deleteAttachment: (r, f: F) => r.deleteAttachment(f.none),
    storageKeysOfTicket: (r, f: F) => r.storageKeysOfTicket(f.ticket),
    knownStorageKeys: (r) => r.knownStorageKeys(['snapshot/key']),
    attachmentKeysAfter: [(r) => r.attachmentKeysAfter(null, 100), (r, f: F) => r.attachmentKeysAfter(f.none, 100)],
    storageKeysOfConversation: (r, f: F) => r.storageKeysOfConversation(f.none),
    activePeople: (r) => r.activePeople(50),
    activeUserIds: (r, f: F) => r.activeUserIds([f.user]),
    usersHolding: (r) => r.usersHolding('ticket', 'change'),
    },
  ),
  // The flow's port onto tickets (helpdesk-flow/flow-tickets.ts), implemented by the help desk.
  sqlFactory('helpdesk/flow-tickets.repository.ts', 'createFlowTicketsRepository', createFlowTicketsRepository, {
    setFlowFields: (r, f: F) => r.setFlowFields(f.none, { teamId: null, slaStatus: 'NONE', slaRiskAt: null }),
    openTicketsOfPolicy: (r, f: F) => r.openTicketsOfPolicy(f.none),
    openTicketCounts: [(r, f: F) => r.openTicketCounts([f.user, f.other]), (r) => r.openTicketCounts([])],
    moveDueSlas: (r) => r.moveDueSlas(at),
    openTickets: (r) => r.openTickets(),
    analyzeTickets: (r) => r.analyzeTickets(),
  }),
];

const records: SqlFactory<F>[] = [
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
    findAddress: (r, f: F) => r.findAddress('client', f.client, f.none),
    findContact: (r, f: F) => r.findContact('cost_centre', f.costCentre, f.none),
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
    together: (r, f: F) => r.together([() => r.subIndustryCounts([f.industry]), () => r.refs({ users: [f.user] })]),
    subIndustryCounts: (r, f: F) => r.subIndustryCounts([f.industry]),
    clientPage: [
      (r, f: F) => r.clientPage([f.client]),
      (r, f: F) => r.clientPage([f.client], undefined, true),
      (r, f: F) => r.clientPage([f.client], f.scope, true),
    ],
    costCentrePage: [(r, f: F) => r.costCentrePage([f.costCentre]), (r, f: F) => r.costCentrePage([f.costCentre], f.scope, true)],
    contactPersonPage: [(r, f: F) => r.contactPersonPage([f.contactPerson]), (r, f: F) => r.contactPersonPage([f.contactPerson], f.scope, true)],
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

const allocations = [
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
const dashboard = [
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

/** Module -> its repository factories, in the order their blocks appear in the module's file. */
const jobs = [
  sqlFactory('jobs/jobs.repository.ts', 'createJobsRepository', createJobsRepository, {
    ownJob: (r, f: F) => r.ownJob(f.none, f.user),
    jobsByIds: (r, f: F) => r.jobsByIds([f.none]),
    insertJob: (r, f: F) => r.insertJob({ id: randomUUID(), kind: 'bulk_change', resource: 'clients', params: { changes: {} }, createdById: f.user }),
    setTotal: (r, f: F) => r.setTotal(f.none, 3),
    countRows: (r, f: F) => r.countRows(jobsTable, sql`${jobsTable.createdById} = ${f.none}`),
    freezeTargets: (r, f: F) => r.freezeTargets(f.none, { table: jobsTable, id: jobsTable.id }, sql`false`, [sql`${jobsTable.id}`]),
    targetsAfter: (r, f: F) => r.targetsAfter(f.none, 0, 200),
    recordChange: (r, f: F) => r.recordChange({ jobId: f.none, recordId: f.none, action: 'update', before: { name: 'Before' }, writtenAt: at }),
    recordBatch: [
      (r, f: F) =>
        r.recordBatch(
          [{ model: 'client', recordId: f.none, action: 'create', userId: f.user, changes: {} }],
          [{ jobId: f.none, recordId: f.none, action: 'create', before: null, writtenAt: at }],
        ),
      (r, f: F) => r.recordBatch([], [{ jobId: f.none, recordId: f.none, action: 'create', before: null, writtenAt: at }]),
      (r, f: F) => r.recordBatch([{ model: 'client', recordId: f.none, action: 'create', userId: f.user, changes: {} }], []),
    ],
    claimUndo: (r, f: F) => r.claimUndo(f.none),
    changesAfter: (r, f: F) => r.changesAfter(f.none, '00000000-0000-0000-0000-000000000000', 200),
    setUndoResult: (r, f: F) => r.setUndoResult(f.none, { restored: 0, deleted: 0, skipped: [] }),
    claimNext: [(r) => r.claimNext(randomUUID(), at, []), (r, f: F) => r.claimNext(randomUUID(), at, [f.none])],
    lockHeld: (r, f: F) => r.lockHeld(sql`${jobsTable.id} = ${f.none}`),
    recordProgress: (r, f: F) => r.recordProgress(f.none, 200, 1, [{ id: f.none, field: null, message: 'Refused.' }], 1000),
    finish: (r, f: F) => r.finish(sql`${jobsTable.id} = ${f.none}`),
    fail: (r, f: F) => r.fail(sql`${jobsTable.id} = ${f.none}`, 'Broke.'),
  }),
  sqlFactory('jobs/imports.repository.ts', 'createImportsRepository', createImportsRepository, {
    ownImport: (r, f: F) => r.ownImport(f.none, f.user),
    findImport: (r, f: F) => r.findImport(f.none),
    insertImport: (r, f: F) =>
      r.insertImport({
        id: randomUUID(),
        resource: 'clients',
        fileName: 'clients.csv',
        fileType: 'csv',
        storagePath: '/nowhere/clients.csv',
        columns: ['name'],
        rows: 1,
        createdById: f.user,
      }),
    claimImport: (r, f: F) => r.claimImport(f.none, f.none),
    jobParams: (r, f: F) => r.jobParams(f.none),
    deleteUnrun: (r) => r.deleteUnrun(at),
    deleteFinished: (r) => r.deleteFinished(at),
    knownPaths: [(r) => r.knownPaths(['/nowhere/clients.csv']), (r) => r.knownPaths([])],
    referenceHits: [
      (r, f: F) => r.referenceHits({ table: recordClients, id: recordClients.id, keys: [recordClients.name, recordClients.accountNumber] }, [f.client], ['acme'], f.scope),
      (r) => r.referenceHits({ table: recordClients, id: recordClients.id, keys: [] }, [], ['acme'], undefined),
    ],
    matchHits: [
      (r, f: F) => r.matchHits({ table: recordClients, id: recordClients.id }, recordClients.name, ['Acme'], f.scope),
      (r) => r.matchHits({ table: recordClients, id: recordClients.id }, recordClients.name, [], undefined),
    ],
  }),
];

const views = [
  sqlFactory('views/views.repository.ts', 'createViewsRepository', createViewsRepository, {
    visible: (r, f: F) => r.visible(f.user, f.none),
    owned: (r, f: F) => r.owned(f.user, f.none),
    viewsByIds: (r, f: F) => r.viewsByIds([f.none]),
    ownerNames: (r, f: F) => r.ownerNames([f.user]),
    defaultsAmong: (r, f: F) => r.defaultsAmong(f.user, [f.none]),
    insertView: (r, f: F) => r.insertView({ id: randomUUID(), userId: f.user, page: 'clients', name: 'SQL snapshot', settings: {}, shared: false }),
    updateOwnView: (r, f: F) => r.updateOwnView(f.none, f.user, { name: 'Renamed', updatedAt: at }),
    deleteOwnView: (r, f: F) => r.deleteOwnView(f.none, f.user),
    clearOthersDefaults: (r, f: F) => r.clearOthersDefaults(f.none, f.user),
    setDefault: (r, f: F) => r.setDefault(f.user, 'clients', f.none),
    clearDefault: (r, f: F) => r.clearDefault(f.user, f.none),
  }),
];

const cannedReplies = [
  sqlFactory('canned-replies/canned-replies.repository.ts', 'createCannedRepliesRepository', createCannedRepliesRepository, {
    withOwners: (r, f: F) => r.withOwners([f.none]),
    visible: (r, f: F) => r.visible(f.user, f.none),
    insert: (r, f: F) => r.insert({ title: 'SQL snapshot', body: {}, shared: false, ownerId: f.user }),
    update: (r, f: F) => r.update(f.none, { title: 'Renamed', updatedAt: at }),
    remove: (r, f: F) => r.remove(f.none),
    placeholderValues: [(r, f: F) => r.placeholderValues(f.ticket, undefined, undefined), (r, f: F) => r.placeholderValues(f.ticket, f.scope, f.scope)],
  }),
];

const siteReport = [
  sqlFactory('site-report/site-report.repository.ts', 'createSiteReportRepository', createSiteReportRepository, {
    siteName: (r, f: F) => r.siteName(f.costCentre),
    siteCode: [(r, f: F) => r.siteCode(f.costCentre, undefined), (r, f: F) => r.siteCode(f.costCentre, f.scope)],
  }),
];

const timeline = [
  sqlFactory('timeline/timeline.repository.ts', 'createTimelineRepository', createTimelineRepository, {
    subjectSites: [(r, f: F) => r.subjectSites('client', f.client, sql`true`), (r, f: F) => r.subjectSites('costcentre', f.costCentre, f.scope)],
    // Every source of a client's timeline, the first page and one after a cursor-like condition.
    entries: [
      (r, f: F) =>
        r.entries(
          timelineSources({ model: 'client', id: f.client, costCentreIds: [f.costCentre], costCentreCodes: ['SQL1'] }).map((source) => ({ source, conditions: [] })),
          51,
        ),
      (r, f: F) =>
        r.entries(
          timelineSources({ model: 'costcentre', id: f.costCentre, costCentreIds: [f.costCentre], costCentreCodes: [] }).map((source) => ({
            source,
            conditions: [sql`${source.at.column} <= ${at.toISOString()}`],
          })),
          11,
        ),
    ],
  }),
];

const search = [
  sqlFactory('search/search.repository.ts', 'createSearchRepository', createSearchRepository, {
    // Every kind unscoped, a scoped viewer's kinds (allocation conditions in), and a query with no vocabulary words.
    matches: [
      (r) => r.matches('tech services', searchPlans(SYSTEM_VIEWER, 'tech services'), 20),
      (r, f: F) => r.matches('tech', searchPlans({ user: f.viewer, canRead: () => true }, 'tech'), 20),
      (r) => r.matches('12', searchPlans(SYSTEM_VIEWER, '12'), 20),
    ],
  }),
];

export const REPOSITORY_SQL: Record<string, SqlFactory<F>[]> = {
  identity,
  notifications,
  integrations,
  'helpdesk-flow': helpdeskFlow,
  helpdesk,
  records,
  allocations,
  dashboard,
  jobs,
  views,
  'canned-replies': cannedReplies,
  'site-report': siteReport,
  timeline,
  search,
};
