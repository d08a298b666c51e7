import { sql } from 'drizzle-orm';
import { idIn } from '../../list-query/list-page';
import type { RuleAction } from '@ops/contract/automations/automations.schemas';
import type { DbOrTx } from '../../platform/db';
import type { Subject } from './automations.subjects';

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names of the variables in `texts` (`record.title`, `ticket.number`). */
export function variableNames(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(VARIABLE)) names.add(match[1] ?? '');
  return names;
}

/**
 * The values of the fields the variables `names` name (checked when the rule was saved), for each of
 * the subjects `ids`, read in one statement whatever their number (a batch of runs).
 */
export async function variablesOfMany(db: DbOrTx, subject: Subject, ids: readonly string[], names: Iterable<string>): Promise<Map<string, Map<string, string>>> {
  const fields = [...new Set(names)].map((name) => ({ name, field: name.split('.')[1] ?? '' })).filter(({ field }) => Object.hasOwn(subject.resource.fields, field));
  const values = new Map<string, Map<string, string>>();
  if (!fields.length || !ids.length) return values;
  const selection = {
    id: sql<string>`(${subject.id})::text`,
    ...Object.fromEntries(fields.map(({ field }, index) => [`v${index}`, sql<unknown>`(${subject.resource.fields[field]!.column})::text`])),
  };
  const rows = (await db.select(selection).from(subject.table).where(idIn(subject.id, [...new Set(ids)]))) as Record<string, unknown>[];
  for (const row of rows) values.set(String(row.id), new Map(fields.map(({ name }, index) => [name, row[`v${index}`] == null ? '' : String(row[`v${index}`])])));
  return values;
}

/** One subject's values of the variables in `texts` (a dry run's first match). */
export async function variablesOf(db: DbOrTx, subject: Subject, id: string, texts: string[]): Promise<Map<string, string>> {
  // A subject gone meanwhile renders its variables empty (render's fallback).
  return (await variablesOfMany(db, subject, [id], variableNames(texts))).get(id) ?? new Map();
}

export const render = (text: string, values: Map<string, string>) => text.replace(VARIABLE, (_, name: string) => values.get(name) ?? '');

/** What a dry run's texts call a subject: its kind and title (`ticket "Freezer alarm"`). */
export interface DryRunTarget {
  id: string;
  title: string;
}

const nounOf = (model: string) => model.replace(/_/g, ' ');

/**
 * What an action would do to a subject, for a dry run: nothing is written or sent. Teams, users and
 * webhooks are named by `names` (read once for all actions), falling back to their id.
 */
export async function describeAction(db: DbOrTx, subject: Subject, target: DryRunTarget, action: RuleAction, names: Map<string, string>): Promise<string> {
  const id = target.id;
  const what = target.title ? `${nounOf(subject.model)} "${target.title}"` : `${nounOf(subject.model)} ${id}`;
  const named = (kind: string, key: string) => `${kind} ${names.has(key) ? `"${names.get(key)}"` : key}`;
  switch (action.type) {
    case 'set_fields':
      return `Would set ${Object.entries(action.fields)
        .map(([field, value]) => `${field} to ${JSON.stringify(value)}`)
        .join(', ')} on ${what}.`;
    case 'assign':
      return `Would assign ${what} to${action.team ? ` ${named('team', action.team)}` : ''}${action.team && action.user ? ' and' : ''}${action.user ? ` ${named('user', action.user)}` : ''}.`;
    case 'notify': {
      const values = await variablesOf(db, subject, id, [action.message]);
      return `Would notify ${recipients(action.to, names)}: "${render(action.message, values)}".`;
    }
    case 'email': {
      const values = await variablesOf(db, subject, id, [action.subject, action.body]);
      return `Would e-mail ${recipients(action.to, names)}: subject "${render(action.subject, values)}".`;
    }
    case 'create_ticket': {
      const values = await variablesOf(db, subject, id, [action.title]);
      return `Would create a ${action.priority} ${action.ticket_type} ticket "${render(action.title, values)}".`;
    }
    case 'webhook':
      return `Would call ${named('webhook', action.webhook)} with the event.`;
  }
}

/** Roles and addresses as given, user ids by name. */
const recipients = (to: readonly string[], names: Map<string, string>) => to.map((who) => names.get(who) ?? who).join(', ');

/** The team, user and webhook ids a rule's actions name, for one `namesOf` read. */
export function idsNamedBy(actions: readonly RuleAction[]): { teams: string[]; users: string[]; webhooks: string[] } {
  const ids = { teams: new Set<string>(), users: new Set<string>(), webhooks: new Set<string>() };
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  for (const action of actions) {
    if (action.type === 'assign') {
      if (action.team) ids.teams.add(action.team);
      if (action.user) ids.users.add(action.user);
    } else if (action.type === 'notify' || action.type === 'email') {
      for (const who of action.to) if (UUID.test(who)) ids.users.add(who);
    } else if (action.type === 'webhook') ids.webhooks.add(action.webhook);
  }
  return { teams: [...ids.teams], users: [...ids.users], webhooks: [...ids.webhooks] };
}
