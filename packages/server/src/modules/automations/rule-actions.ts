import { eq, sql } from 'drizzle-orm';
import type { RuleAction } from '@ops/contract/automations/automations.schemas';
import type { DbOrTx } from '../../platform/db';
import type { Subject } from './automations.subjects';

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The subject's values of the fields a text's variables name (checked when the rule was saved), read in one statement. */
export async function variablesOf(db: DbOrTx, subject: Subject, id: string, texts: string[]): Promise<Map<string, string>> {
  const names = new Set<string>();
  for (const text of texts) for (const match of text.matchAll(VARIABLE)) names.add(match[1] ?? '');
  const fields = [...names].map((name) => ({ name, field: name.split('.')[1] ?? '' })).filter(({ field }) => Object.hasOwn(subject.resource.fields, field));
  const values = new Map<string, string>();
  if (!fields.length) return values;
  const selection = Object.fromEntries(fields.map(({ field }, index) => [`v${index}`, sql<unknown>`(${subject.resource.fields[field]!.column})::text`]));
  const [row] = (await db.select(selection).from(subject.table).where(eq(subject.id, id)).limit(1)) as Record<string, unknown>[];
  fields.forEach(({ name }, index) => values.set(name, row?.[`v${index}`] == null ? '' : String(row[`v${index}`])));
  return values;
}

export const render = (text: string, values: Map<string, string>) => text.replace(VARIABLE, (_, name: string) => values.get(name) ?? '');

/** What an action would do to a subject, for a dry run: nothing is written or sent. */
export async function describeAction(db: DbOrTx, subject: Subject, id: string, action: RuleAction): Promise<string> {
  switch (action.type) {
    case 'set_fields':
      return `Would set ${Object.entries(action.fields)
        .map(([field, value]) => `${field} to ${JSON.stringify(value)}`)
        .join(', ')} on ${subject.model} ${id}.`;
    case 'assign':
      return `Would assign ${subject.model} ${id} to${action.team ? ` team ${action.team}` : ''}${action.team && action.user ? ' and' : ''}${action.user ? ` user ${action.user}` : ''}.`;
    case 'notify': {
      const values = await variablesOf(db, subject, id, [action.message]);
      return `Would notify ${action.to.join(', ')}: "${render(action.message, values)}".`;
    }
    case 'email': {
      const values = await variablesOf(db, subject, id, [action.subject, action.body]);
      return `Would e-mail ${action.to.join(', ')}: subject "${render(action.subject, values)}".`;
    }
    case 'create_ticket': {
      const values = await variablesOf(db, subject, id, [action.title]);
      return `Would create a ${action.priority} ${action.ticket_type} ticket "${render(action.title, values)}".`;
    }
    case 'webhook':
      return `Would call webhook ${action.webhook} with the event.`;
  }
}
