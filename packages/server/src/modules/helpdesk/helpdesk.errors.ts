import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { defineErrors } from '../../platform/errors';

/** The help desk's own errors: code, status and message in one place. */
export const HELPDESK_ERRORS = defineErrors({
  UNKNOWN_TIME_ZONE: { status: 400, message: ERROR_MESSAGES.timeZone },
  NO_FILE: { status: 400, message: ERROR_MESSAGES.noFile },
  ONE_FILE_PER_REQUEST: { status: 400, message: 'Submit one file per request.' },
  STATUS_TRANSITION: { status: 400, message: (from: string, to: string) => `Cannot change status from ${from} to ${to}.` },
  NOTE_TO_REQUESTER: { status: 400, message: 'An internal note cannot be sent to the requester.' },
  COST_CENTRE_OF_OTHER_CLIENT: { status: 400, message: 'This cost centre does not belong to the selected client.' },
  NOT_YOUR_ATTACHMENT: { status: 403, message: 'You can only delete attachments you uploaded.' },
  ATTACHMENT_FILE_MISSING: { status: 404, message: 'The file of this attachment is missing.' },
});
