/**
 * Help-desk calls shared by the shell (the help drawer's create forms) and the
 * ticket pages. Shapes and paths come from the contract's endpoint catalogue.
 */
import { myTicketEndpoints } from './endpoint-routes';
import type { z } from 'zod';
import type { TICKET_CREATE_KINDS, ticketCreateFormSchema, ticketCreatedSchema } from '@ops/contract/helpdesk/helpdesk.schemas';
import { callEndpoint } from './http-client';

export type TicketKind = keyof typeof TICKET_CREATE_KINDS;

/** The form's title as the contract takes it; the document is serialised into ticket_content; files become attachments[i][attachment]. */
export type TicketSubmission = Pick<z.input<typeof ticketCreateFormSchema>, 'title'> & {
  /** The rich-text editor's JSON document. */
  content: unknown;
  attachments: File[];
  /** The site the ticket is about (scan-to-report), sent as the `cost_centre` form field. */
  costCentre?: string;
};

const CREATE_ENDPOINTS = {
  feedback: myTicketEndpoints.createFeedback,
  issue: myTicketEndpoints.createIssue,
  'service-request': myTicketEndpoints.createServiceRequest,
} as const satisfies Record<TicketKind, unknown>;

export async function createTicket(kind: TicketKind, submission: TicketSubmission): Promise<z.infer<typeof ticketCreatedSchema>> {
  const form = new FormData();
  form.append('title', submission.title);
  form.append('ticket_content', JSON.stringify(submission.content));
  if (submission.costCentre) form.append('cost_centre', submission.costCentre);
  submission.attachments.forEach((file, index) => form.append(`attachments[${index}][attachment]`, file, file.name));
  return callEndpoint(CREATE_ENDPOINTS[kind], { body: form });
}
