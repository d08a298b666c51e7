import { defineErrors } from '../../platform/errors';

/** The automations module's own errors: code, status and message in one place. */
export const AUTOMATION_ERRORS = defineErrors({
  URL_REFUSED: { status: 400, message: (why: string) => why },
  NO_SUCH_VERSION: { status: 404, message: (version: number) => `Version ${version} of this rule does not exist.` },
});
