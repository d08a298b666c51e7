import type { TicketKind } from '../../api/helpdesk';
import { ApiError } from '../../api/http-client';

/** Help drawer views (spec web-shell §4). */
export type DrawerView = 'MAIN_MENU' | 'ISSUE_REPORT' | 'FEEDBACK' | 'SERVICE_REQUEST';

export interface TicketFormConfig {
  view: Exclude<DrawerView, 'MAIN_MENU'>;
  kind: TicketKind;
  menuLabel: string;
  title: string;
  titleError: string;
  /** The issue form shows no description message (spec web-shell §5). */
  descriptionError: string | null;
  successToast: string;
  errorToast: string;
  hasBlockingSwitch: boolean;
}

export const DRAWER_MENU_TITLE = 'Create a Ticket';
export const SENSITIVE_NOTE = 'Please do not include any sensitive information.';
const DESCRIPTION_ERROR = 'Please provide a description of your request.';

export const TICKET_FORMS: Record<TicketFormConfig['view'], TicketFormConfig> = {
  SERVICE_REQUEST: {
    view: 'SERVICE_REQUEST',
    kind: 'service-request',
    menuLabel: 'Service Request',
    title: 'Create a Service Request',
    titleError: 'Please provide a Title.',
    descriptionError: DESCRIPTION_ERROR,
    successToast: 'Feedback submitted successfully!',
    errorToast: 'Failed to submit feedback. Please try again.',
    hasBlockingSwitch: false,
  },
  ISSUE_REPORT: {
    view: 'ISSUE_REPORT',
    kind: 'issue',
    menuLabel: 'Report an Issue',
    title: 'Report an Issue',
    titleError: 'Please describe the action you were trying to perform.',
    descriptionError: null,
    successToast: 'Issue reported successfully!',
    errorToast: 'Failed to report issue. Please try again.',
    hasBlockingSwitch: true,
  },
  FEEDBACK: {
    view: 'FEEDBACK',
    kind: 'feedback',
    menuLabel: 'Submit Feedback',
    title: 'Submit Feedback',
    titleError: 'Please provide a title.',
    descriptionError: DESCRIPTION_ERROR,
    successToast: 'Feedback submitted successfully!',
    errorToast: 'Failed to submit feedback. Please try again.',
    hasBlockingSwitch: false,
  },
};

/** Menu order of spec web-shell §2.4. */
export const MENU_ORDER: TicketFormConfig['view'][] = ['SERVICE_REQUEST', 'ISSUE_REPORT', 'FEEDBACK'];

/** A ProseMirror/TipTap JSON node, as much as this module needs. */
export interface DocNode {
  type: string;
  text?: string;
  content?: DocNode[];
  attrs?: Record<string, unknown>;
}

/** The first text run of the document (depth-first), or '' for an empty document. */
export function firstTextRun(doc: DocNode | null | undefined): string {
  if (!doc) return '';
  if (doc.type === 'text') return doc.text ?? '';
  for (const child of doc.content ?? []) {
    const text = firstTextRun(child);
    if (text) return text;
  }
  return '';
}

export interface TicketFormState {
  title: string;
  doc: DocNode | null;
  titleTouched: boolean;
  submitAttempted: boolean;
}

export interface TicketFormErrors {
  title: string | null;
  description: string | null;
  /** Both required values present: the form may be submitted. */
  valid: boolean;
  descriptionMissing: boolean;
}

export function validateTicketForm(config: TicketFormConfig, state: TicketFormState): TicketFormErrors {
  const titleMissing = state.title.trim() === '';
  const descriptionMissing = firstTextRun(state.doc).trim() === '';
  return {
    title: titleMissing && (state.titleTouched || state.submitAttempted) ? config.titleError : null,
    description: descriptionMissing && state.submitAttempted ? config.descriptionError : null,
    valid: !titleMissing && !descriptionMissing,
    descriptionMissing,
  };
}

/** The issue form's answer, appended to the description as its last paragraph. */
export function appendBlockingAnswer(doc: DocNode, blocking: boolean): DocNode {
  const paragraph: DocNode = { type: 'paragraph', content: [{ type: 'text', text: `Issue Blocking Work: ${blocking ? 'Yes' : 'No'}` }] };
  return { ...doc, content: [...(doc.content ?? []), paragraph] };
}

const ATTACHMENT_FIELD = /^attachments\[(\d{1,3})\]\[attachment\]$/;

/**
 * What a refused submission says about the attached files: the server's message per file (by its
 * position, as `attachments[i][attachment]` names it), so the form shows it next to that file
 * instead of the generic failure toast, and the user can remove the file it is about.
 */
export function attachmentProblems(error: unknown): Map<number, string> {
  const problems = new Map<number, string>();
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body || typeof error.body !== 'object') return problems;
  for (const [field, messages] of Object.entries(error.body as Record<string, unknown>)) {
    const index = ATTACHMENT_FIELD.exec(field)?.[1];
    if (index !== undefined && Array.isArray(messages) && typeof messages[0] === 'string') problems.set(Number(index), messages[0]);
  }
  return problems;
}
