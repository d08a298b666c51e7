import { createIdentityRepository, createUserDirectoryRepository } from '../modules/identity/identity.repository';
import { createMfaRepository } from '../modules/identity/mfa.repository';
import { createNotificationsRepository } from '../modules/notifications/notifications.repository';
import { createIntegrationsRepository } from '../modules/integrations/integrations.repository';
import { createSyncRepository } from '../modules/integrations/sync.repository';
import { createFlowRepository } from '../modules/helpdesk-flow/flow.repository';
import { permissionHolders } from '../modules/identity/permission-holders';
import { createHelpdeskRepository } from '../modules/helpdesk/helpdesk.repository';
import { createTicketViews } from '../modules/helpdesk/ticket-views.repository';
import { createTicketSitesRepository, ticketScopeCondition } from '../modules/helpdesk/ticket-sites.repository';
import { createReplyTokensRepository } from '../modules/notifications/reply-tokens.repository';
import { createWatchesRepository } from '../modules/notifications/watches.repository';
import { createPushRepository } from '../modules/notifications/push.repository';
import { createFlowTicketsRepository } from '../modules/helpdesk/flow-tickets.repository';
import { directoryGroups } from '../db/schema/google-sync';
import { at, sqlFactory, sqlFactoryIncluding, type F } from './repository-sql-fixture';
import type { SqlFactory } from './repository-sql';

import { allocations, dashboard, records } from './repository-sql-cases-records';
import { audit, cannedReplies, jobs, presence, search, siteChecks, siteReport, timeline, views } from './repository-sql-cases-features';
import { knowledge } from './repository-sql-cases-knowledge';
import { automations } from './repository-sql-cases-automations';

export type { SqlFixture } from './repository-sql-fixture';

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
  sqlFactory('identity/mfa.repository.ts', 'createMfaRepository', createMfaRepository, {
    getTotp: (r, f: F) => r.getTotp(f.user),
    startTotp: (r, f: F) => r.startTotp(f.none, 'JBSWY3DPEHPK3PXP'),
    takeTotpStep: [(r, f: F) => r.takeTotpStep(f.user, 59_000_000, false), (r, f: F) => r.takeTotpStep(f.user, 59_000_000, true)],
    deleteTotp: (r, f: F) => r.deleteTotp(f.none),
    replaceRecoveryCodes: (r, f: F) => r.replaceRecoveryCodes(f.user, ['a'.repeat(128), 'b'.repeat(128)]),
    recoveryCodesLeft: (r, f: F) => r.recoveryCodesLeft(f.user),
    useRecoveryCode: (r, f: F) => r.useRecoveryCode(f.user, 'c'.repeat(128)),
    listPasskeys: (r, f: F) => r.listPasskeys(f.user),
    insertPasskey: (r, f: F) => r.insertPasskey({ userId: f.user, name: 'Laptop', credentialId: 'cred-sql-snapshot', publicKey: 'pk', counter: 0, transports: ['usb'] }),
    findPasskey: (r, f: F) => r.findPasskey(f.user, 'cred-none'),
    markPasskeyUsed: (r, f: F) => r.markPasskeyUsed(f.none, 3),
    deletePasskey: (r, f: F) => r.deletePasskey(f.user, f.none),
    syncMfaEnabled: (r, f: F) => r.syncMfaEnabled(f.none),
    insertChallenge: (r, f: F) => r.insertChallenge({ digest: 'm'.repeat(128), purpose: 'sign_in', userId: f.user, via: 'token', expiresAt: at }),
    findChallenge: (r) => r.findChallenge('n'.repeat(128), 'sign_in'),
    takeChallenge: (r) => r.takeChallenge('n'.repeat(128), 'sign_in'),
    setChallengeWebauthn: (r, f: F) => r.setChallengeWebauthn(f.none, 'challenge'),
    deleteChallenge: (r, f: F) => r.deleteChallenge(f.none),
    deleteExpiredChallenges: (r) => r.deleteExpiredChallenges(),
    listCredentials: (r, f: F) => r.listCredentials(f.user),
    deleteCredential: (r, f: F) => r.deleteCredential(f.none, f.none),
    deleteOtherCredentials: (r, f: F) => r.deleteOtherCredentials(f.none, { kind: 'token', digest: 'e'.repeat(64) }),
    deleteAllFactors: (r, f: F) => r.deleteAllFactors(f.none),
    listTotpSecrets: (r) => r.listTotpSecrets(),
    replaceTotpSecret: (r, f: F) => r.replaceTotpSecret(f.none, 'A'.repeat(32), 'v1.x'),
    verifiedWithin: [(r) => r.verifiedWithin('token', 'e'.repeat(64), 600), (r) => r.verifiedWithin('session', 'e'.repeat(64), 600)],
    markVerified: (r) => r.markVerified('session', 'e'.repeat(64), 600),
    touchCredentials: (r) => r.touchCredentials('token', [{ digest: 'e'.repeat(64), at, ip: '192.0.2.1', userAgent: 'Browser/1' }]),
  }),
];

const notifications = [
  sqlFactory('notifications/notifications.repository.ts', 'createNotificationsRepository', createNotificationsRepository, {
    insertNotifications: (r, f: F) => r.insertNotifications([{ recipientId: f.user, verb: 'assigned you a ticket' }]),
    activeRecipients: (r, f: F) => r.activeRecipients([f.user, f.other]),
    preferencesOf: [(r, f: F) => r.preferencesOf([f.user]), (r, f: F) => r.preferencesOf([f.user], { lock: true })],
    savePreferences: (r, f: F) => r.savePreferences({ userId: f.user, channels: {}, quietStart: '22:00', quietEnd: '07:00', digest: 'NONE', digestTime: '08:00' }),
    // The digest (digest.ts): who chose one, the period claimed once, the unread listed.
    digestCandidates: (r) => r.digestCandidates(),
    claimDigestPeriod: (r, f: F) => r.claimDigestPeriod(f.other, '2026-11-30'),
    unreadForDigest: (r, f: F) => r.unreadForDigest(f.user, 200),
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
  sqlFactory('notifications/watches.repository.ts', 'createWatchesRepository', createWatchesRepository, {
    watchesOf: (r, f: F) => r.watchesOf(f.user),
    watch: (r, f: F) => r.watch({ userId: f.user, model: 'ticket', objectId: f.ticket }),
    unwatch: (r, f: F) => r.unwatch(f.user, f.none),
    // Every watcher of a new ticket's client and cost centre, in one statement (spec platform §14.4).
    insertWatcherNotifications: (r, f: F) =>
      r.insertWatcherNotifications(
        [
          { model: 'client', id: f.client },
          { model: 'cost_centre', id: f.costCentre },
        ],
        [f.other],
        { actorId: f.user, verb: 'new ticket at a watched site', description: 'A ticket was raised', targetType: 'ticket', targetId: f.ticket, targetText: 'Ticket', data: null },
      ),
    // Every watcher of each of a group of changed tickets, in one statement.
    insertWatcherNotificationsMany: (r, f: F) =>
      r.insertWatcherNotificationsMany([
        {
          subjects: [{ model: 'ticket', id: f.ticket }],
          exclude: [f.other],
          values: { actorId: f.user, verb: 'changed', description: 'A ticket changed', targetType: 'ticket', targetId: f.ticket, targetText: 'Ticket', data: { fields: ['priority'] } },
        },
      ]),
  }),
  sqlFactory('notifications/push.repository.ts', 'createPushRepository', createPushRepository, {
    ensureServerKeys: (r) => r.ensureServerKeys({ vapidPublicKey: 'BPub', vapidPrivateKey: 'priv', unsubscribeSecret: 'secret' }),
    subscriptionsOf: (r, f: F) => r.subscriptionsOf(f.user),
    subscriptionsOfUsers: (r, f: F) => r.subscriptionsOfUsers([f.user, f.other]),
    subscribe: (r, f: F) => r.subscribe({ userId: f.user, endpoint: 'https://push.example/sql-snapshot', p256dh: 'BKey', auth: 'Auth' }),
    unsubscribe: (r, f: F) => r.unsubscribe(f.user, f.none),
    removeSubscription: (r, f: F) => r.removeSubscription(f.none),
    insertPushes: (r, f: F) => r.insertPushes([{ subscriptionId: f.none, payload: '{}' }]),
    leaseDuePushes: (r) => r.leaseDuePushes(10, 60),
    markPushSent: (r, f: F) => r.markPushSent(f.none),
    markPushFailed: [(r, f: F) => r.markPushFailed(f.none, 'refused', 60_000), (r, f: F) => r.markPushFailed(f.none, 'refused', null)],
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
    sitesOf: (r, f: F) => r.sitesOf([{ costCentreId: f.costCentre, clientId: f.client }, { costCentreId: null, clientId: f.client }]),
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
    ticketsInScope: (r, f: F) => r.ticketsInScope(f.viewer, [f.ticket, f.none]),
    ticketVisible: (r, f: F) => r.ticketVisible(f.viewer, f.ticket),
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
    findTickets: [(r, f: F) => r.findTickets([f.ticket, f.none]), (r, f: F) => r.findTickets([f.ticket, f.none], { lock: true })],
    updateTicket: (r, f: F) => r.updateTicket(f.none, { priority: 'HIGH' }),
    updateTickets: (r, f: F) => r.updateTickets([f.none], { priority: 'HIGH' }),
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
    setSlaMany: (r, f: F) =>
      r.setSlaMany([
        { id: f.none, slaPolicyId: null, firstResponseDueAt: null, dueAt: null, slaStatus: 'NONE', slaRiskAt: null, slaBreachAt: null, slaPausedAt: null, slaPausedMinutes: 0 },
      ]),
    openTicketsOfPolicy: (r, f: F) => r.openTicketsOfPolicy(f.none),
    openTicketCounts: [(r, f: F) => r.openTicketCounts([f.user, f.other]), (r) => r.openTicketCounts([])],
    moveDueSlas: (r) => r.moveDueSlas(at),
    openTickets: (r) => r.openTickets(),
    analyzeTickets: (r) => r.analyzeTickets(),
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
  sitechecks: siteChecks,
  timeline,
  search,
  presence,
  knowledge,
  audit,
  automations,
};
