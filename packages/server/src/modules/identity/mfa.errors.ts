import { defineErrors } from '../../platform/errors';

/** Account security's errors (spec platform §14.5). None tells whether an account exists. */
export const MFA_ERRORS = defineErrors({
  WRONG_FACTOR: { status: 400, message: 'The code is wrong, was used already, or the sign-in has expired.' },
  WRONG_PASSWORD: { status: 400, message: 'The password is wrong.' },
  TOTP_ALREADY_SET_UP: { status: 400, message: 'An authenticator app is set up already; remove it first.' },
  NO_TOTP_PENDING: { status: 400, message: 'Start the authenticator app setup first.' },
  NO_TOTP: { status: 404, message: 'No authenticator app is set up.' },
  PASSKEY_REJECTED: { status: 400, message: 'The passkey could not be verified. Please try again.' },
  NO_PASSKEYS: { status: 404, message: 'No passkey is registered.' },
  PASSKEY_NAME_TAKEN: { status: 400, message: 'A passkey with this name exists already.' },
});
