import { defineErrors } from '../../platform/errors';

/** The audit trail's and a person's data's errors (platform.md 14.6). */
export const AUDIT_ERRORS = defineErrors({
  NOT_AN_ACTION: { status: 400, message: 'Not an audit action.' },
  ERASE_YOURSELF: { status: 400, message: 'You cannot erase yourself.' },
  ERASE_LAST_ADMIN: { status: 400, message: 'The last administrator cannot be erased.' },
});
