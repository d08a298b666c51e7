import { defineErrors } from '../../platform/errors';

/** The saved views' own errors: code, status and message in one place. */
export const VIEWS_ERRORS = defineErrors({
  SHARE_DENIED: { status: 403, message: 'You do not have permission to share views.' },
});
