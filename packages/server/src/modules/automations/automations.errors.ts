import { defineErrors } from '../../platform/errors';

/** The automations module's own errors: code, status and message in one place. */
export const AUTOMATION_ERRORS = defineErrors({
  NO_SUCH_VERSION: { status: 404, message: (version: number) => `Version ${version} of this rule does not exist.` },
});
