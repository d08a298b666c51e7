import { defineErrors } from '../../platform/errors';

/** The canned replies' own errors: code, status and message in one place. */
export const CANNED_REPLIES_ERRORS = defineErrors({
  NOT_THE_OWNER: { status: 403, message: 'Only the owner of a canned reply may change it.' },
});
