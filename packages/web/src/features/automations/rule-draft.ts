import { AUTOMATION_RECORD_MODELS, AUTOMATION_SCHEDULE_MODELS, type AutomationEvent } from '@ops/contract/automations/automations.values';
import type { RuleAction } from '@ops/contract/automations/automations.schemas';
import type { ListFilters } from '../../shared/ui/list-page/list-filters';
import { conditionsText } from './condition-text';

// The rule builder's state and how it becomes the API's rule (spec platform §14.3). Pure, so the
// builder's conversions are tested apart from the page (rule-draft.test.ts).

/** What a field of "set fields" may be set to: the ticket fields the runner sets (automations.subjects.ts). */
export const SETTABLE_TICKET_FIELDS = {
  priority: ['LOW', 'MEDIUM', 'HIGH', 'URGENT'],
  ticket_status: ['OPEN', 'ON_HOLD', 'IN_PROGRESS', 'REOPENED', 'CLOSED'],
  ticket_type: ['ISSUE', 'SERVICE_REQUEST', 'FEEDBACK', 'INCIDENT', 'PROBLEM', 'ALERTS'],
  title: undefined,
} as const satisfies Record<string, readonly string[] | undefined>;
export type SettableField = keyof typeof SETTABLE_TICKET_FIELDS;
export const SETTABLE_FIELD_NAMES = Object.keys(SETTABLE_TICKET_FIELDS) as SettableField[];
export const SETTABLE_FIELD_LABELS: Record<SettableField, string> = { priority: 'Priority', ticket_status: 'Status', ticket_type: 'Type', title: 'Title' };

export type ActionDraft =
  | { type: 'set_fields'; fields: { field: SettableField; value: string }[] }
  | { type: 'assign'; team: string | null; user: string | null }
  | { type: 'notify'; to: string; message: string }
  | { type: 'email'; to: string; subject: string; body: string }
  | { type: 'create_ticket'; title: string; ticket_type: string; priority: string; cost_centre: string | null }
  | { type: 'webhook'; webhook: string };
export type ActionType = ActionDraft['type'];

export const ACTION_LABELS: Record<ActionType, string> = {
  set_fields: 'Set fields',
  assign: 'Assign',
  notify: 'Notify',
  email: 'E-mail',
  create_ticket: 'Create a ticket',
  webhook: 'Call a webhook',
};

export const EVENT_LABELS: Record<AutomationEvent, string> = {
  'ticket.created': 'A ticket is created',
  'ticket.updated': 'A ticket is updated',
  'ticket.sla_at_risk': "A ticket's SLA is at risk",
  'ticket.sla_breached': "A ticket's SLA is breached",
  'record.created': 'A record is created',
  'record.updated': 'A record is updated',
  'sitecheck.failed': 'A site check failed',
  'sitecheck.missed': 'A site check was missed',
  schedule: 'On a schedule',
};

export const MODEL_LABELS: Record<string, string> = {
  ticket: 'Tickets',
  client: 'Clients',
  cost_centre: 'Cost centres',
  contact_person: 'Contact persons',
  brand: 'Brands',
};

export interface RuleDraft {
  name: string;
  active: boolean;
  event: AutomationEvent;
  /** The model of `record.*` events and schedules; ignored otherwise. */
  model: string;
  cron: string;
  timezone: string;
  conditions: ListFilters;
  changed: string[];
  actions: ActionDraft[];
}

/** The rule as the API takes it (`ruleInputSchema`). */
export interface RuleBody {
  name: string;
  active: boolean;
  trigger: { event: AutomationEvent; model: string | null; cron: string | null; timezone: string | null };
  conditions: ListFilters;
  changed: string[];
  actions: RuleAction[];
}

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export function emptyDraft(): RuleDraft {
  return { name: '', active: true, event: 'ticket.created', model: 'client', cron: '0 8 * * 1', timezone: browserZone(), conditions: {}, changed: [], actions: [] };
}

export function newAction(type: ActionType): ActionDraft {
  switch (type) {
    case 'set_fields':
      return { type, fields: [{ field: 'priority', value: 'HIGH' }] };
    case 'assign':
      return { type, team: null, user: null };
    case 'notify':
      return { type, to: 'assignee', message: 'Ticket {{ticket.number}}: {{ticket.title}}' };
    case 'email':
      return { type, to: '', subject: 'Ticket {{ticket.number}}', body: '{{ticket.title}}' };
    case 'create_ticket':
      return { type, title: '', ticket_type: 'ISSUE', priority: 'MEDIUM', cost_centre: null };
    case 'webhook':
      return { type, webhook: '' };
  }
}

/** The model whose records the rule's conditions select: tickets for ticket events, the chosen model for records and schedules. */
export function subjectModel(event: AutomationEvent, model: string): string {
  if (event.startsWith('ticket.')) return 'ticket';
  if (event.startsWith('sitecheck.')) return 'sitecheck_run';
  return model;
}

/** The models the event lets the user choose; empty when the event fixes it. */
export function modelChoices(event: AutomationEvent): readonly string[] {
  if (event === 'schedule') return AUTOMATION_SCHEDULE_MODELS;
  if (event === 'record.created' || event === 'record.updated') return AUTOMATION_RECORD_MODELS;
  return [];
}

const list = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter(Boolean);

function actionBody(action: ActionDraft): RuleAction {
  switch (action.type) {
    case 'set_fields':
      // Only the fixed names of SETTABLE_TICKET_FIELDS become keys.
      return {
        type: action.type,
        fields: Object.fromEntries(action.fields.filter((pair) => SETTABLE_FIELD_NAMES.includes(pair.field)).map((pair) => [pair.field, pair.value])),
      };
    case 'notify':
      return { type: action.type, to: list(action.to), message: action.message };
    case 'email':
      return { type: action.type, to: list(action.to), subject: action.subject, body: action.body };
    case 'create_ticket':
      return { ...action, cost_centre: action.cost_centre || null };
    case 'assign':
      return { ...action };
    case 'webhook':
      return { ...action };
  }
}

/** The draft as the API's rule: the trigger's model, cron and time zone only where the event takes them. */
export function ruleBody(draft: RuleDraft): RuleBody {
  const isSchedule = draft.event === 'schedule';
  return {
    name: draft.name.trim(),
    active: draft.active,
    trigger: {
      event: draft.event,
      model: modelChoices(draft.event).length ? draft.model : null,
      cron: isSchedule ? draft.cron.trim() : null,
      timezone: isSchedule ? draft.timezone.trim() : null,
    },
    conditions: draft.conditions,
    changed: draft.event.endsWith('.updated') ? draft.changed : [],
    actions: draft.actions.map(actionBody),
  };
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);
const joined = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : '');

function actionDraft(action: Record<string, unknown>): ActionDraft | null {
  switch (action.type) {
    case 'set_fields': {
      const fields = action.fields && typeof action.fields === 'object' ? Object.entries(action.fields as Record<string, unknown>) : [];
      return {
        type: 'set_fields',
        fields: fields.filter(([field]) => (SETTABLE_FIELD_NAMES as string[]).includes(field)).map(([field, value]) => ({ field: field as SettableField, value: String(value) })),
      };
    }
    case 'assign':
      return { type: 'assign', team: strOrNull(action.team), user: strOrNull(action.user) };
    case 'notify':
      return { type: 'notify', to: joined(action.to), message: str(action.message) };
    case 'email':
      return { type: 'email', to: joined(action.to), subject: str(action.subject), body: str(action.body) };
    case 'create_ticket':
      return { type: 'create_ticket', title: str(action.title), ticket_type: str(action.ticket_type), priority: str(action.priority), cost_centre: strOrNull(action.cost_centre) };
    case 'webhook':
      return { type: 'webhook', webhook: str(action.webhook) };
    default:
      return null;
  }
}

/** A saved rule (or a version's copy of one) as the builder's draft. */
export function draftOf(rule: { name: string; active: boolean; trigger: { event: AutomationEvent; model: string | null; cron: string | null; timezone: string | null }; conditions: Record<string, unknown>; changed: string[]; actions: Record<string, unknown>[] }): RuleDraft {
  const empty = emptyDraft();
  return {
    name: rule.name,
    active: rule.active,
    event: rule.trigger.event,
    model: rule.trigger.model ?? empty.model,
    cron: rule.trigger.cron ?? empty.cron,
    timezone: rule.trigger.timezone ?? empty.timezone,
    conditions: rule.conditions,
    changed: rule.changed,
    actions: rule.actions.map(actionDraft).filter((action): action is ActionDraft => action !== null),
  };
}

/** A rule as readable text, one line per part: what the versions' diff compares. */
export function ruleText(rule: Record<string, unknown>): string {
  const trigger = (rule.trigger ?? {}) as Record<string, unknown>;
  const lines = [
    `Name: ${str(rule.name)}`,
    `Active: ${rule.active === false ? 'no' : 'yes'}`,
    `Event: ${str(trigger.event)}${trigger.model ? ` (${str(trigger.model)})` : ''}`,
  ];
  if (trigger.cron) lines.push(`Schedule: ${str(trigger.cron)} ${str(trigger.timezone)}`);
  const conditions = rule.conditions && typeof rule.conditions === 'object' ? Object.entries(rule.conditions as Record<string, unknown>) : [];
  for (const [key, value] of conditions) lines.push(`Condition: ${conditionsText({ [key]: value })}`);
  if (Array.isArray(rule.changed) && rule.changed.length) lines.push(`Only when changed: ${rule.changed.map(String).join(', ')}`);
  for (const action of Array.isArray(rule.actions) ? (rule.actions as Record<string, unknown>[]) : []) {
    const { type, ...rest } = action;
    lines.push(`Action ${str(type)}: ${JSON.stringify(rest)}`);
  }
  return lines.join('\n');
}
