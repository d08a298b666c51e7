import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { defineErrors } from '../../platform/errors';

/** The records module's own errors: code, status and message in one place. */
export const RECORDS_ERRORS = defineErrors({
  SUB_INDUSTRY_OF_OTHER_INDUSTRY: { status: 400, message: 'The sub-industry must belong to the selected industry.' },
  CLIENT_REFERS_TO_ITSELF: { status: 400, message: 'A client cannot refer to itself.' },
  PARENT_CHAIN_LOOPS: { status: 400, message: 'This parent would make the parent chain loop.' },
  REPORTS_TO_SELF: { status: 400, message: 'A contact person cannot report to themselves.' },
  END_BEFORE_START: { status: 400, message: ERROR_MESSAGES.endBeforeStart },
  // A contact's detail that does not fit its contact type.
  EMAIL_DETAIL: { status: 400, message: ERROR_MESSAGES.email },
  PHONE_DETAIL: { status: 400, message: 'Enter a valid phone number.' },
  WEBSITE_DETAIL: { status: 400, message: ERROR_MESSAGES.url },
  STILL_REFERENCED: { status: 409, message: (noun: string, references: string) => `Cannot delete this ${noun}: ${references}.` },
});
