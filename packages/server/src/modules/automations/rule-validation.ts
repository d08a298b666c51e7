import { Cron } from 'croner';
import {
  AUTOMATION_RECORD_MODELS,
  AUTOMATION_SCHEDULE_MODELS,
  type AutomationEvent,
  type RuleAction,
  type RuleInput,
} from '@ops/contract/automations/automations.schemas';
import { TICKET_PRIORITIES, TICKET_TYPES } from '@ops/contract/helpdesk/helpdesk.schemas';
import { compileFilters } from '../../list-query/list-filters';
import type { ListViewer } from '../../list-query/list-resource';
import { ValidationError, type FieldErrors } from '../../platform/errors';
import { SUBJECTS, subjectModelOf, type Subject } from './automations.subjects';

/** What checking a rule looks up in the database. */
export interface RuleLookups {
  teamExists(id: string): Promise<boolean>;
  userExists(id: string): Promise<boolean>;
  webhookExists(id: string): Promise<boolean>;
  costCentreExists(id: string): Promise<boolean>;
}

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const ROLES = ['assignee', 'requester', 'team'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The variables a text names that the subject does not have: `{{record.<field>}}` (any model) and `{{ticket.<field>}}` (ticket subjects). */
export function unknownVariables(text: string, subject: Subject | undefined): string[] {
  const unknown: string[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const name = match[1] ?? '';
    const [scope, field, ...rest] = name.split('.');
    const ok =
      subject !== undefined &&
      rest.length === 0 &&
      field !== undefined &&
      (scope === 'record' || (scope === 'ticket' && subject.model === 'ticket')) &&
      Object.hasOwn(subject.resource.fields, field);
    if (!ok) unknown.push(name);
  }
  return unknown;
}

/**
 * Checks a rule completely when it is saved or dry-run (spec platform §14.3): a rule that could only
 * fail later is a 400 naming the field. Conditions are compiled by the list engine with the saver's
 * own viewer, so they meet the list endpoints' validation and permission rules.
 */
export async function checkRule(rule: RuleInput, viewer: ListViewer, lookups: RuleLookups): Promise<Subject | undefined> {
  const errors: FieldErrors = {};
  const trigger: FieldErrors = {};
  const { event, model, cron, timezone } = rule.trigger;
  const isSchedule = event === 'schedule';
  if (event === 'record.created' || event === 'record.updated') {
    if (!model || !(AUTOMATION_RECORD_MODELS as readonly string[]).includes(model))
      trigger.model = [`Enter one of ${AUTOMATION_RECORD_MODELS.join(', ')} for ${event}.`];
  } else if (isSchedule) {
    if (!model || !(AUTOMATION_SCHEDULE_MODELS as readonly string[]).includes(model))
      trigger.model = [`Enter one of ${AUTOMATION_SCHEDULE_MODELS.join(', ')} for a schedule.`];
  } else if (model !== null) trigger.model = [`Must be null for ${event}.`];
  if (isSchedule) {
    if (!timezone) trigger.timezone = ['This field is required for a schedule.'];
    else if (!validTimeZone(timezone)) trigger.timezone = [`"${timezone.slice(0, 64)}" is not a known time zone.`];
    if (!cron) trigger.cron = ['This field is required for a schedule.'];
    else if (!trigger.timezone) {
      try {
        new Cron(cron, { timezone: timezone ?? undefined, paused: true }).stop();
      } catch (error) {
        trigger.cron = [`Not a valid cron expression: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300)];
      }
    }
  } else {
    if (cron !== null) trigger.cron = ['Must be null unless the event is schedule.'];
    if (timezone !== null) trigger.timezone = ['Must be null unless the event is schedule.'];
  }
  if (Object.keys(trigger).length) errors.trigger = trigger;

  const modelName = subjectModelOf(event as AutomationEvent, model);
  const subject = modelName && Object.hasOwn(SUBJECTS, modelName) ? SUBJECTS[modelName] : undefined;
  if (subject) {
    try {
      compileFilters(subject.resource, JSON.stringify(rule.conditions), viewer);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      errors.conditions = (error.fields.filters as string[] | undefined) ?? ['Invalid conditions.'];
    }
  }
  if (rule.changed.length) {
    if (!event.endsWith('.updated')) errors.changed = ['Only an *.updated event takes changed fields.'];
    else {
      const bad = rule.changed.filter((f) => !subject || !Object.hasOwn(subject.resource.fields, f));
      if (bad.length) errors.changed = bad.map((f) => `"${f.slice(0, 100)}" is not a field of ${modelName}.`);
    }
  }

  const actionErrors: FieldErrors = {};
  for (const [index, action] of rule.actions.entries()) {
    const found = await checkAction(action, subject, lookups);
    if (Object.keys(found).length) actionErrors[String(index)] = found;
  }
  if (Object.keys(actionErrors).length) errors.actions = actionErrors;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return subject;
}

async function checkAction(action: RuleAction, subject: Subject | undefined, lookups: RuleLookups): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const texts = (field: string, value: string) => {
    const bad = unknownVariables(value, subject);
    if (bad.length) errors[field] = bad.map((name) => `Unknown variable {{${name.slice(0, 80)}}}.`);
  };
  const recipients = async (to: string[], addresses: boolean) => {
    const bad: string[] = [];
    for (const who of to) {
      if ((ROLES as readonly string[]).includes(who)) {
        if (subject?.model !== 'ticket') bad.push(`"${who}" is only known for ticket subjects.`);
      } else if (UUID.test(who)) {
        if (!(await lookups.userExists(who))) bad.push(`Invalid pk "${who}" - object does not exist.`);
      } else if (!(addresses && EMAIL.test(who))) bad.push(`"${who.slice(0, 100)}" is not ${addresses ? 'a role, user id or e-mail address' : 'a role or user id'}.`);
    }
    if (bad.length) errors.to = bad;
  };
  switch (action.type) {
    case 'set_fields': {
      // Only the help desk writes fields for a rule: on any other subject the action could only fail when run.
      if (subject?.model !== 'ticket') {
        errors.type = [`Fields can only be set on tickets, not on ${subject?.model ?? 'this subject'}.`];
        break;
      }
      const settable = subject.settable;
      for (const [field, value] of Object.entries(action.fields)) {
        if (!Object.hasOwn(settable, field)) {
          errors.fields = [...((errors.fields as string[]) ?? []), `"${field.slice(0, 100)}" cannot be set on ${subject?.model ?? 'this subject'}.`];
          continue;
        }
        const allowed = settable[field];
        if (typeof value !== 'string' || (allowed && !allowed.includes(value)))
          errors.fields = [...((errors.fields as string[]) ?? []), `"${String(value).slice(0, 80)}" is not a valid choice for ${field}.`];
      }
      if (!Object.keys(action.fields).length) errors.fields = ['Name at least one field.'];
      break;
    }
    case 'assign':
      if (subject?.model !== 'ticket') errors.type = ['Only tickets can be assigned.'];
      if (!action.team && !action.user) errors.non_field_errors = ['Name a team, a user or both.'];
      if (action.team && !(await lookups.teamExists(action.team))) errors.team = [`Invalid pk "${action.team}" - object does not exist.`];
      if (action.user && !(await lookups.userExists(action.user))) errors.user = [`Invalid pk "${action.user}" - object does not exist.`];
      break;
    case 'notify':
      await recipients(action.to, false);
      texts('message', action.message);
      break;
    case 'email':
      await recipients(action.to, true);
      texts('subject', action.subject);
      texts('body', action.body);
      break;
    case 'create_ticket': {
      texts('title', action.title);
      if (!(TICKET_TYPES as readonly string[]).includes(action.ticket_type)) errors.ticket_type = [`"${action.ticket_type}" is not a valid choice.`];
      if (!(TICKET_PRIORITIES as readonly string[]).includes(action.priority)) errors.priority = [`"${action.priority}" is not a valid choice.`];
      if (action.cost_centre === null) {
        if (!subject || !Object.hasOwn(subject.resource.fields, 'cost_centre'))
          errors.cost_centre = ['This subject has no cost centre: name one.'];
      } else if (!UUID.test(action.cost_centre) || !(await lookups.costCentreExists(action.cost_centre)))
        errors.cost_centre = [`Invalid pk "${action.cost_centre.slice(0, 60)}" - object does not exist.`];
      break;
    }
    case 'webhook':
      if (!(await lookups.webhookExists(action.webhook))) errors.webhook = [`Invalid pk "${action.webhook}" - object does not exist.`];
      break;
  }
  return errors;
}
