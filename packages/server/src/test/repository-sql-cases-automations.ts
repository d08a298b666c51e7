// Checked-in SQL cases of automations (see repository-sql-cases.ts).
import { createAutomationsRepository } from '../modules/automations/automations.repository';
import { at, sqlFactory, type F } from './repository-sql-fixture';

export const automations = [
  sqlFactory('automations/automations.repository.ts', 'createAutomationsRepository', createAutomationsRepository, {
    userExists: (r, f: F) => r.userExists(f.none),
    teamExists: (r, f: F) => r.teamExists(f.none),
    webhookExists: (r, f: F) => r.webhookExists(f.none),
    costCentreExists: (r, f: F) => r.costCentreExists(f.none),
    namesOf: [(r, f: F) => r.namesOf({ teams: [f.none], users: [f.user], webhooks: [f.none] }), (r) => r.namesOf({ teams: [], users: [], webhooks: [] })],
    rulesByIds: (r, f: F) => r.rulesByIds([f.none]),
    findRule: [(r, f: F) => r.findRule(f.none), (r, f: F) => r.findRule(f.none, true)],
    insertRule: (r, f: F) => r.insertRule({ name: 'SQL snapshot', event: 'ticket.created', updatedBy: f.user }),
    updateRule: (r, f: F) => r.updateRule(f.none, { name: 'Renamed', version: 2, updatedAt: at }),
    removeRule: (r, f: F) => r.removeRule(f.none),
    insertVersion: (r, f: F) => r.insertVersion({ ruleId: f.none, version: 1, snapshot: {}, editedBy: f.user, at }),
    versions: (r, f: F) => r.versions(f.none),
    findVersion: (r, f: F) => r.findVersion(f.none, 1),
    activeRulesOfEvents: [(r) => r.activeRulesOfEvents(['ticket.created', 'ticket.updated']), (r) => r.activeRulesOfEvents([])],
    activeRulesByIds: [(r, f: F) => r.activeRulesByIds([f.none]), (r) => r.activeRulesByIds([])],
    dueSchedules: (r) => r.dueSchedules(at),
    advanceSchedule: (r, f: F) => r.advanceSchedule(f.none, at, at),
    runsByIds: (r, f: F) => r.runsByIds([f.none]),
    insertEvents: (r, f: F) => r.insertEvents([{ event: 'ticket.created', model: 'ticket', subjectId: f.none, createdAt: at }]),
    claimEvents: (r, f: F) => r.claimEvents(f.none, at, 100),
    finishEvents: (r, f: F) => r.finishEvents(f.none),
    activeUsersByIds: [(r, f: F) => r.activeUsersByIds([f.user]), (r) => r.activeUsersByIds([])],
    insertRuns: [
      (r, f: F) =>
        r.insertRuns([{ id: f.none, eventId: f.none, ruleId: f.none, ruleVersion: 1, event: 'ticket.created', subjectModel: 'ticket', subjectId: f.none, outcome: 'FAILED', actions: [] }]),
      (r) => r.insertRuns([]),
    ],
    finishRuns: [(r, f: F) => r.finishRuns([{ id: f.none, outcome: 'SUCCEEDED', actions: [] }], at), (r) => r.finishRuns([], at)],
    webhooksByIds: (r, f: F) => r.webhooksByIds([f.none]),
    findWebhook: (r, f: F) => r.findWebhook(f.none),
    insertWebhook: (r) => r.insertWebhook({ name: 'SQL snapshot', url: 'https://example.com/', secret: 'whsec_x', events: [] }),
    updateWebhook: (r, f: F) => r.updateWebhook(f.none, { name: 'Renamed', updatedAt: at }),
    removeWebhook: (r, f: F) => r.removeWebhook(f.none),
    deliveriesByIds: (r, f: F) => r.deliveriesByIds([f.none]),
  }),
];
