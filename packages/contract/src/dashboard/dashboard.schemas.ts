import { z } from 'zod';
import { isoDateTime, userRefSchema, uuid } from '../common/fields';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../helpdesk/helpdesk.schemas';
import { SLA_STATUSES } from '../helpdesk/helpdesk-flow.schemas';
import { siteCheckDaySchema } from '../sitechecks/sitechecks';

/** How far back the "by status" and "by priority" figures count tickets (by creation). */
export const DASHBOARD_WINDOW_DAYS = 30;
/** Tickets that still need someone: everything not CLOSED. */
export const DASHBOARD_OPEN_STATUSES = ['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'REOPENED'] as const;
/** At most this many tickets in the attention list and changes in the recent-changes list. */
export const DASHBOARD_LIST_LIMIT = 6;

export const dashboardTicketSchema = z.object({
  id: uuid(),
  number: z.number().int(),
  title: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  ticket_status: z.enum(TICKET_STATUSES),
  sla_status: z.enum(SLA_STATUSES),
  due_at: isoDateTime().nullable(),
});
export type DashboardTicket = z.infer<typeof dashboardTicketSchema>;

export const dashboardClientChangeSchema = z.object({
  id: uuid(),
  client: z.object({ id: uuid(), name: z.string() }),
  action: z.enum(['create', 'update', 'delete']),
  at: isoDateTime(),
  user: userRefSchema.nullable(),
  fields: z.array(z.string()).describe('Names of the changed fields'),
});
export type DashboardClientChange = z.infer<typeof dashboardClientChangeSchema>;

/**
 * Home's dashboard in one answer (`ticket.read` needed, as for the staff
 * ticket list). `client_changes` is null when the caller may not read
 * clients, `site_checks` when they may not read site check runs. Both follow the caller's allocation scope exactly as the staff
 * ticket list and the client list do.
 */
export const dashboardSchema = z.object({
  since: isoDateTime().describe(`Start of the ${DASHBOARD_WINDOW_DAYS}-day window of by_status and by_priority`),
  tickets: z.object({
      assigned_to_me_open: z.number().int().describe('Open tickets assigned to the caller'),
      unassigned_open: z.number().int().describe('Open tickets without an assignee'),
      overdue: z.number().int().describe('Open tickets whose SLA is BREACHED'),
      at_risk: z.number().int().describe('Open tickets whose SLA is AT_RISK'),
      by_status: z.array(z.object({ ticket_status: z.enum(TICKET_STATUSES), count: z.number().int() })).describe('Tickets created in the window, per status (every status, zeros included)'),
      by_priority: z.array(z.object({ priority: z.enum(TICKET_PRIORITIES), count: z.number().int() })).describe('Tickets created in the window, per priority (every priority, zeros included)'),
      attention: z.array(dashboardTicketSchema).describe('Overdue, then at-risk open tickets, soonest due first'),
  }),
  client_changes: z.array(dashboardClientChangeSchema).nullable().describe('Latest audit entries of the clients in scope, newest first'),
  site_checks: siteCheckDaySchema
    .nullable()
    .describe("The \"Site checks\" card: today's runs at the caller's sites (allocation scope); null without read on site check runs"),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
