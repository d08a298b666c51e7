import { defineErrors } from '../../platform/errors';

/** The timeline's own errors: code, status and message in one place. */
export const TIMELINE_ERRORS = defineErrors({
  INVALID_CURSOR: { status: 400, message: 'Invalid cursor' },
  TO_BEFORE_FROM: { status: 400, message: 'Must not be before from.' },
});
