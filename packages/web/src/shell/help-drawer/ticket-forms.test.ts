import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http-client';
import { appendBlockingAnswer, attachmentProblems, firstTextRun, TICKET_FORMS, validateTicketForm, type DocNode } from './ticket-forms';

const doc = (...paragraphs: string[]): DocNode => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] })),
});
const state = (title: string, body: DocNode | null, touched = false, submitted = false) => ({ title, doc: body, titleTouched: touched, submitAttempted: submitted });

describe('ticket form validation', () => {
  it.each([
    ['FEEDBACK', 'Please provide a title.'],
    ['ISSUE_REPORT', 'Please describe the action you were trying to perform.'],
    ['SERVICE_REQUEST', 'Please provide a Title.'],
  ] as const)('%s shows its title message once the field lost focus or a submit was tried', (view, message) => {
    const config = TICKET_FORMS[view];
    expect(validateTicketForm(config, state('', null)).title).toBeNull();
    expect(validateTicketForm(config, state('   ', null, true)).title).toBe(message);
    expect(validateTicketForm(config, state('', null, false, true)).title).toBe(message);
    expect(validateTicketForm(config, state('Broken oven', null, true, true)).title).toBeNull();
  });

  it('shows the description message after a submit attempt on feedback and service request only', () => {
    for (const view of ['FEEDBACK', 'SERVICE_REQUEST'] as const) {
      expect(validateTicketForm(TICKET_FORMS[view], state('T', doc(''), true, false)).description).toBeNull();
      expect(validateTicketForm(TICKET_FORMS[view], state('T', doc(''), true, true)).description).toBe('Please provide a description of your request.');
    }
    expect(validateTicketForm(TICKET_FORMS.ISSUE_REPORT, state('T', doc(''), true, true)).description).toBeNull();
  });

  it('submits only when the trimmed title and the first text run are both present', () => {
    const config = TICKET_FORMS.ISSUE_REPORT;
    expect(validateTicketForm(config, state('T', doc(''), true)).valid).toBe(false);
    expect(validateTicketForm(config, state('T', doc('   '))).valid).toBe(false);
    expect(validateTicketForm(config, state(' ', doc('Oven is cold'))).valid).toBe(false);
    expect(validateTicketForm(config, state('T', doc('Oven is cold'))).valid).toBe(true);
  });

  it('reads the first text run of the document', () => {
    expect(firstTextRun(null)).toBe('');
    expect(firstTextRun(doc('', 'second'))).toBe('second');
    expect(firstTextRun({ type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'item' }] }] }] }] })).toBe('item');
  });

  it('appends the blocking answer to the description', () => {
    expect(appendBlockingAnswer(doc('Oven is cold'), true).content?.at(-1)).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'Issue Blocking Work: Yes' }] });
    expect(firstTextRun({ type: 'doc', content: appendBlockingAnswer(doc('x'), false).content!.slice(1) })).toBe('Issue Blocking Work: No');
  });

  it('uses the toasts of spec web-shell §8', () => {
    expect([TICKET_FORMS.FEEDBACK.successToast, TICKET_FORMS.SERVICE_REQUEST.successToast, TICKET_FORMS.ISSUE_REPORT.successToast]).toEqual([
      'Feedback submitted successfully!',
      'Feedback submitted successfully!',
      'Issue reported successfully!',
    ]);
    expect(TICKET_FORMS.SERVICE_REQUEST.errorToast).toBe('Failed to submit feedback. Please try again.');
    expect(TICKET_FORMS.ISSUE_REPORT.errorToast).toBe('Failed to report issue. Please try again.');
  });
});

describe('attachmentProblems', () => {
  it('reads the server’s message for each refused file by its position, and nothing from other failures', () => {
    const refused = new ApiError(400, { 'attachments[1][attachment]': ['Unsupported file type. Allowed types: JPEG, PNG, PDF, DOCX, XLSX, TXT.'] });
    expect([...attachmentProblems(refused)]).toEqual([[1, 'Unsupported file type. Allowed types: JPEG, PNG, PDF, DOCX, XLSX, TXT.']]);
    expect(attachmentProblems(new ApiError(400, { title: ['Please provide a title.'] })).size).toBe(0);
    expect(attachmentProblems(new ApiError(500, { 'attachments[0][attachment]': ['x'] })).size).toBe(0);
    expect(attachmentProblems(new TypeError('Failed to fetch')).size).toBe(0);
  });
});
