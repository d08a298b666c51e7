/**
 * The help desk's plain values (statuses, kinds, the status workflow, limits), without zod: the web's
 * pages import these on their first paint, where no schema loads (docs/decisions.md, "The browser
 * trusts the API's answers"). `helpdesk.schemas.ts` re-exports them.
 */
export const TICKET_STATUSES = ['OPEN', 'ON_HOLD', 'IN_PROGRESS', 'REOPENED', 'CLOSED'] as const;
export const TICKET_TYPES = ['ISSUE', 'SERVICE_REQUEST', 'FEEDBACK', 'INCIDENT', 'PROBLEM', 'ALERTS'] as const;
export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketType = (typeof TICKET_TYPES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/** The ticket fields whose changes the history records (team, client and cost centre once tickets have them). */
export const TICKET_HISTORY_FIELDS = ['ticket_status', 'priority', 'assignee', 'title', 'team', 'client', 'cost_centre'] as const;
export type TicketHistoryField = (typeof TICKET_HISTORY_FIELDS)[number];
/**
 * What the requester's side of the history shows: the changes to what they asked for. Who works on
 * it (assignee, team) and why (routing notes) are the help desk's internals (docs/decisions.md).
 */
export const REQUESTER_HISTORY_FIELDS = ['ticket_status', 'priority', 'title'] as const satisfies readonly TicketHistoryField[];

/** How people write a ticket number: `#1042`. */
export const formatTicketNumber = (ticket: { number: number }) => `#${ticket.number}`;

/**
 * The status workflow (the spec leaves it open; see docs/decisions.md). A
 * closed ticket only reopens; work resumes from REOPENED like from OPEN.
 */
export const TICKET_STATUS_TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  OPEN: ['IN_PROGRESS', 'ON_HOLD', 'CLOSED'],
  IN_PROGRESS: ['ON_HOLD', 'CLOSED', 'OPEN'],
  ON_HOLD: ['IN_PROGRESS', 'CLOSED'],
  CLOSED: ['REOPENED'],
  REOPENED: ['IN_PROGRESS', 'ON_HOLD', 'CLOSED'],
};

export function canTransition(from: TicketStatus, to: TicketStatus): boolean {
  return from === to || TICKET_STATUS_TRANSITIONS[from].includes(to);
}

/** The three kinds a user raises from the help drawer, by their path segment. */
export const TICKET_CREATE_KINDS = {
  feedback: 'FEEDBACK',
  issue: 'ISSUE',
  'service-request': 'SERVICE_REQUEST',
} as const satisfies Record<string, TicketType>;

export const TICKET_TITLE_MAX = 255;
export const TICKET_CONTENT_MAX_BYTES = 1024 * 1024;
export const ATTACHMENT_TYPES_MESSAGE = 'Unsupported file type. Allowed types: JPEG, PNG, PDF, DOCX, XLSX, TXT.';

/** The days of an SLA policy's business hours, Monday first (`helpdesk-flow.schemas.ts` re-exports them). */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** How a team hands out its new tickets (`helpdesk-flow.schemas.ts` re-exports this). */
export const TEAM_ASSIGNMENTS = ['MANUAL', 'ROUND_ROBIN', 'LEAST_OPEN'] as const;
export type TeamAssignment = (typeof TEAM_ASSIGNMENTS)[number];
