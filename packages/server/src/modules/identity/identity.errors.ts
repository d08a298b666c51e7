import { ERROR_MESSAGES } from '@ops/contract/common/errors';
import { defineErrors } from '../../platform/errors';

/** The identity module's own errors: code, status and message in one place. */
export const IDENTITY_ERRORS = defineErrors({
  EMAIL_TAKEN: { status: 400, message: 'A user with this email already exists.' },
  NO_USER_WITH_EMAIL: { status: 400, message: 'No user with this email.' },
  NO_GROUP_NAMED: { status: 400, message: (group: string) => `No group named "${group}".` },
  UNKNOWN_PERMISSION: {
    status: 400,
    message: (permission: string) => `Unknown permission "${permission}". Use <model>.<read|add|change|delete>.`,
  },
  BAD_CREDENTIALS: { status: 400, message: ERROR_MESSAGES.badCredentials },
  NO_PROVIDER_SIGN_IN: { status: 400, message: 'No sign-in with your provider to finish. Please sign in again.' },
  // DRF's TokenAuthentication wording.
  BAD_TOKEN_HEADER: { status: 401, message: 'Invalid token header. No credentials provided.' },
  INVALID_TOKEN: { status: 401, message: ERROR_MESSAGES.invalidToken },
  USER_INACTIVE: { status: 401, message: 'User inactive or deleted.' },
  // Django's CSRF check wording.
  CSRF_COOKIE_NOT_SET: { status: 403, message: 'CSRF Failed: CSRF cookie not set.' },
  CSRF_MISSING: { status: 403, message: ERROR_MESSAGES.csrfMissing },
  CSRF_INCORRECT: { status: 403, message: ERROR_MESSAGES.csrfIncorrect },
});
