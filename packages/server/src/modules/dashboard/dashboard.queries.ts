import { sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_LIST_LIMIT, DASHBOARD_OPEN_STATUSES } from '@ops/contract/dashboard/dashboard.schemas';
import type { DbOrTx } from '../../platform/db';
import { rowsOf } from '../../list-query/list-page';
import { tickets } from '../helpdesk/index';
import { clients } from '../records/index';
import { auditLog } from '../../db/schema/audit';
import { users } from '../identity/index';

/**
 * The dashboard's statements, each bounded by its own LIMIT or by grouping
 * (spec platform §13.4; docs/decisions.md "Home dashboard"). `scope` is the
 * allocation condition the staff ticket list or the client list applies
 * (undefined: nothing bounds the caller).
 */

const openStatuses = sql.join(
  DASHBOARD_OPEN_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
const isOpen = sql`${tickets.ticketStatus} in (${openStatuses})`;
const where = (...conditions: (SQL | undefined)[]) => sql.join(conditions.filter((c): c is SQL => !!c), sql` and `);

export interface TicketFigureRow {
  ticket_status: string;
  priority: string;
  created_in_window: number;
  assigned_to_me_open: number;
  unassigned_open: number;
  overdue: number;
  at_risk: number;
}

/** Every ticket figure in one statement: one row per (status, priority) pair, at most 20. */
export async function ticketFigures(db: DbOrTx, scope: SQL | undefined, userId: string, since: Date): Promise<TicketFigureRow[]> {
  const sinceText = since.toISOString();
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${tickets.ticketStatus} as ticket_status, ${tickets.priority} as priority,
        count(*) filter (where ${tickets.createdAt} >= ${sinceText}::timestamptz) as created_in_window,
        count(*) filter (where ${isOpen} and ${tickets.assigneeId} = ${userId}) as assigned_to_me_open,
        count(*) filter (where ${isOpen} and ${tickets.assigneeId} is null) as unassigned_open,
        count(*) filter (where ${isOpen} and ${tickets.slaStatus} = 'BREACHED') as overdue,
        count(*) filter (where ${isOpen} and ${tickets.slaStatus} = 'AT_RISK') as at_risk
      from ${tickets}
      where ${where(sql`(${isOpen} or ${tickets.createdAt} >= ${sinceText}::timestamptz)`, scope)}
      group by ${tickets.ticketStatus}, ${tickets.priority}`),
  );
  return rows.map((row) => ({
    ticket_status: String(row.ticket_status),
    priority: String(row.priority),
    created_in_window: Number(row.created_in_window),
    assigned_to_me_open: Number(row.assigned_to_me_open),
    unassigned_open: Number(row.unassigned_open),
    overdue: Number(row.overdue),
    at_risk: Number(row.at_risk),
  }));
}

export interface AttentionRow {
  id: string;
  number: number;
  title: string;
  priority: string;
  ticket_status: string;
  sla_status: string;
  due_at: string | null;
}

/** Open tickets past (BREACHED) or near (AT_RISK) their SLA, breached first, soonest due first. */
export async function attentionTickets(db: DbOrTx, scope: SQL | undefined): Promise<AttentionRow[]> {
  return rowsOf<AttentionRow>(
    await db.execute(sql`select ${tickets.id} as id, ${tickets.number} as number, ${tickets.title} as title, ${tickets.priority} as priority,
        ${tickets.ticketStatus} as ticket_status, ${tickets.slaStatus} as sla_status,
        to_char(${tickets.dueAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due_at
      from ${tickets}
      where ${where(isOpen, sql`${tickets.slaStatus} in ('BREACHED', 'AT_RISK')`, scope)}
      order by (${tickets.slaStatus} = 'BREACHED') desc, ${tickets.dueAt} asc nulls last, ${tickets.id}
      limit ${DASHBOARD_LIST_LIMIT}`),
  ).map((row) => ({ ...row, number: Number(row.number) }));
}

export interface ClientChangeRow {
  id: string;
  client_id: string;
  client_name: string;
  action: 'create' | 'update' | 'delete';
  at: string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  fields: string[] | null;
}

/** The newest audit entries of clients in scope (audit_log_model_at_idx walks them newest first). */
export async function clientChanges(db: DbOrTx, scope: SQL | undefined): Promise<ClientChangeRow[]> {
  return rowsOf<ClientChangeRow>(
    await db.execute(sql`select ${auditLog.id} as id, ${clients.id} as client_id, ${clients.name} as client_name, ${auditLog.action} as action,
        to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        ${auditLog.userId} as user_id, ${users.firstName} as first_name, ${users.lastName} as last_name,
        (select array_agg(k order by k) from jsonb_object_keys(case jsonb_typeof(${auditLog.changes}) when 'object' then ${auditLog.changes} else '{}'::jsonb end) k) as fields
      from ${auditLog}
      join ${clients} on ${clients.id} = ${auditLog.recordId}
      left join ${users} on ${users.id} = ${auditLog.userId}
      where ${where(sql`${auditLog.model} = 'client'`, scope)}
      order by ${auditLog.at} desc, ${auditLog.id} desc
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
}
