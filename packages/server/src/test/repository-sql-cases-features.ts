// Checked-in SQL cases of jobs, imports, views, canned replies, the site report, the timeline, search and presence (see repository-sql-cases.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { jobs as jobsTable } from '../db/schema/jobs';
import { tickets as ticketsTable } from '../db/schema/helpdesk';
import { createJobsRepository } from '../modules/jobs/jobs.repository';
import { createImportsRepository } from '../modules/jobs/imports.repository';
import { clients as recordClients } from '../modules/records/index';
import { createViewsRepository } from '../modules/views/views.repository';
import { createPresenceRepository } from '../modules/presence/presence.repository';
import { createAuditTrailRepository } from '../modules/audit/audit-trail.repository';
import { createCannedRepliesRepository } from '../modules/canned-replies/canned-replies.repository';
import { createSiteChecksRepository } from '../modules/sitechecks/sitechecks.repository';
import { permissionHolders as holders } from '../modules/identity/permission-holders';
import { createSiteReportRepository } from '../modules/site-report/site-report.repository';
import { createTimelineRepository } from '../modules/timeline/timeline.repository';
import { timelineSources } from '../modules/timeline/timeline.sources';
import { createSearchRepository } from '../modules/search/search.repository';
import { searchPlans } from '../modules/search/search-kinds';
import { SYSTEM_VIEWER } from '../list-query/list-resource';
import { at, sqlFactory, type F } from './repository-sql-fixture';

export const jobs = [
  sqlFactory('jobs/jobs.repository.ts', 'createJobsRepository', createJobsRepository, {
    ownJob: (r, f: F) => r.ownJob(f.none, f.user),
    jobsByIds: (r, f: F) => r.jobsByIds([f.none]),
    insertJob: (r, f: F) => r.insertJob({ id: randomUUID(), kind: 'bulk_change', resource: 'clients', params: { changes: {} }, createdById: f.user }),
    setTotal: (r, f: F) => r.setTotal(f.none, 3),
    countRows: (r, f: F) => r.countRows(jobsTable, sql`${jobsTable.createdById} = ${f.none}`),
    freezeTargets: (r, f: F) =>
      r.freezeTargets(f.none, { table: ticketsTable, id: ticketsTable.id, version: ticketsTable.version }, sql`false`, [sql`${ticketsTable.id}`]),
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

export const views = [
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

export const cannedReplies = [
  sqlFactory('canned-replies/canned-replies.repository.ts', 'createCannedRepliesRepository', createCannedRepliesRepository, {
    withOwners: (r, f: F) => r.withOwners([f.none]),
    visible: (r, f: F) => r.visible(f.user, f.none),
    insert: (r, f: F) => r.insert({ title: 'SQL snapshot', body: {}, shared: false, ownerId: f.user }),
    update: (r, f: F) => r.update(f.none, { title: 'Renamed', updatedAt: at }),
    remove: (r, f: F) => r.remove(f.none),
    placeholderValues: [(r, f: F) => r.placeholderValues(f.ticket, undefined, undefined), (r, f: F) => r.placeholderValues(f.ticket, f.scope, f.scope)],
  }),
];

export const siteChecks = [
  sqlFactory('sitechecks/sitechecks.repository.ts', 'createSiteChecksRepository', createSiteChecksRepository, {
    templatesWithSteps: (r, f: F) => r.templatesWithSteps([f.none]),
    lockTemplate: (r, f: F) => r.lockTemplate(f.none),
    insertTemplate: (r) => r.insertTemplate({ name: 'SQL snapshot', version: 1 }),
    updateTemplate: (r, f: F) => r.updateTemplate(f.none, { name: 'Renamed', version: 2, updatedAt: at }),
    putVersion: (r, f: F) => r.putVersion(f.none, 1, []),
    stepsOf: (r, f: F) => r.stepsOf(f.none, 1),
    versionHasRuns: (r, f: F) => r.versionHasRuns(f.none, 1),
    templateReferences: (r, f: F) => r.templateReferences(f.none),
    removeTemplate: (r, f: F) => r.removeTemplate(f.none),
    templateVersion: [(r, f: F) => r.templateVersion(f.none, true), (r, f: F) => r.templateVersion(f.none, false)],
    costCentreWithin: [(r, f: F) => r.costCentreWithin(f.costCentre, undefined), (r, f: F) => r.costCentreWithin(f.costCentre, f.scope)],
    existingUsers: (r, f: F) => r.existingUsers([f.user, f.none]),
    scheduleRows: (r, f: F) => r.scheduleRows([f.none]),
    lockSchedule: (r, f: F) => r.lockSchedule(f.none),
    insertSchedule: (r, f: F) => r.insertSchedule({ templateId: f.none, costCentreId: f.costCentre, rrule: 'FREQ=DAILY', timezone: 'UTC' }),
    updateSchedule: (r, f: F) => r.updateSchedule(f.none, { active: false, updatedAt: at }),
    removeSchedule: (r, f: F) => r.removeSchedule(f.none),
    removeUnstartedRuns: (r, f: F) => r.removeUnstartedRuns(f.none, at),
    schedulesToExtend: [(r) => r.schedulesToExtend(at, null, 500), (r, f: F) => r.schedulesToExtend(at, f.none, 500)],
    activeTemplateVersions: (r, f: F) => r.activeTemplateVersions([f.none]),
    insertRun: (r, f: F) => r.insertRun({ templateId: f.none, templateVersion: 1, costCentreId: f.costCentre, dueAt: at, closesAt: at, status: 'DUE' }),
    insertRuns: (r, f: F) =>
      r.insertRuns([{ templateId: f.none, templateVersion: 1, scheduleId: f.none, costCentreId: f.costCentre, dueAt: at, closesAt: at, status: 'DUE' }]),
    markGenerated: (r, f: F) => r.markGenerated([f.none], at),
    runsWithRefs: (r, f: F) => r.runsWithRefs([f.none]),
    answersOf: (r, f: F) => r.answersOf([f.none]),
    lockRun: [(r, f: F) => r.lockRun(f.none, undefined), (r, f: F) => r.lockRun(f.none, f.scope)],
    runWithin: (r, f: F) => r.runWithin(f.none, f.scope),
    updateRun: (r, f: F) => r.updateRun(f.none, { status: 'IN_PROGRESS' }),
    putAnswer: (r, f: F) => r.putAnswer({ runId: f.none, key: 'fridge', value: 4, ok: true, note: '', answeredById: f.user, answeredAt: at }),
    answerKeySeen: (r, f: F) => r.answerKeySeen(f.none, f.none),
    rememberAnswerKey: (r, f: F) => r.rememberAnswerKey(f.none, f.none, 'fridge'),
    missRuns: (r) => r.missRuns(at),
    namesOf: (r, f: F) => r.namesOf([f.none], [f.costCentre]),
    assigneesOf: (r, f: F) => r.assigneesOf([f.none]),
    staffOf: (r, f: F) => r.staffOf([f.costCentre], holders),
    compliance: [(r) => r.compliance(at, at, undefined), (r, f: F) => r.compliance(at, at, f.scope)],
    photoOf: (r, f: F) => r.photoOf(f.none, f.none, f.scope),
    site: (r, f: F) => r.site(f.costCentre, f.scope),
    reportRuns: [(r, f: F) => r.reportRuns(f.costCentre, at, at, null, 50), (r, f: F) => r.reportRuns(f.costCentre, at, at, { dueAt: at, id: f.none }, 50)],
    versionSteps: (r, f: F) => r.versionSteps([{ templateId: f.none, version: 1 }, { templateId: f.none, version: 2 }]),
    openRunsAt: (r, f: F) => r.openRunsAt(f.costCentre, at, f.scope, 50),
    dayFigures: (r, f: F) => r.dayFigures(at, at, f.scope),
    userTimeZone: (r, f: F) => r.userTimeZone(f.user),
  }),
];

export const siteReport = [
  sqlFactory('site-report/site-report.repository.ts', 'createSiteReportRepository', createSiteReportRepository, {
    siteName: (r, f: F) => r.siteName(f.costCentre),
    siteCode: [(r, f: F) => r.siteCode(f.costCentre, undefined), (r, f: F) => r.siteCode(f.costCentre, f.scope)],
  }),
];

export const timeline = [
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

export const search = [
  sqlFactory('search/search.repository.ts', 'createSearchRepository', createSearchRepository, {
    // Every kind unscoped, a scoped viewer's kinds (allocation conditions in), and a query with no vocabulary words.
    matches: [
      (r) => r.matches('tech services', searchPlans(SYSTEM_VIEWER, 'tech services'), 20),
      (r, f: F) => r.matches('tech', searchPlans({ user: f.viewer, canRead: () => true }, 'tech'), 20),
      (r) => r.matches('12', searchPlans(SYSTEM_VIEWER, '12'), 20),
    ],
  }),
];

export const presence = [
  sqlFactory('presence/presence.repository.ts', 'createPresenceRepository', createPresenceRepository, {
    touch: (r, f: F) => r.touch({ model: 'client', recordId: f.none }, f.user),
    leave: (r, f: F) => r.leave({ model: 'client', recordId: f.none }, f.user),
    others: (r, f: F) => r.others({ model: 'client', recordId: f.none }, f.user),
    sweep: (r) => r.sweep(),
  }),
];

export const audit = [
  sqlFactory('audit/audit-trail.repository.ts', 'createAuditTrailRepository', createAuditTrailRepository, {
    entriesByIds: (r, f: F) => r.entriesByIds([f.none]),
    retention: (r) => r.retention(),
    setRetention: (r) => r.setRetention(new Map([['login', 30], ['logout', null]])),
    purge: (r) => r.purge('login', at),
    tryPurgeLock: (r) => r.tryPurgeLock(),
  }),
];
