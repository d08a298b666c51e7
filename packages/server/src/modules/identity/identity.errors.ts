import { defineErrors } from '../../platform/errors';

/** The identity module's own errors: code, status and message in one place. */
export const IDENTITY_ERRORS = defineErrors({
  EMAIL_TAKEN: { status: 400, message: 'A user with this email already exists.' },
  NO_USER_WITH_EMAIL: { status: 400, message: 'No user with this email.' },
});
