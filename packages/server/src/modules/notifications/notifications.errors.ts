import { defineErrors } from '../../platform/errors';

/** The notifications' own errors: code, status and message in one place. */
export const NOTIFICATIONS_ERRORS = defineErrors({
  BAD_STREAM_TOKEN: { status: 401, message: 'Invalid or expired stream token.' },
  BAD_UNSUBSCRIBE_TOKEN: { status: 400, message: 'This unsubscribe link is not valid.' },
  PUSH_ENDPOINT_NOT_HTTPS: { status: 400, message: 'Enter an https URL of a push service.' },
});
