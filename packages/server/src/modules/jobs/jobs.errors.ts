import { defineErrors } from '../../platform/errors';

/** The jobs module's own errors: code, status and message in one place. */
export const JOBS_ERRORS = defineErrors({
  ALREADY_UNDONE: { status: 409, message: 'This job has already been undone.' },
  STILL_RUNNING: { status: 409, message: 'This job is still running; undo it when it has finished.' },
  /** A record of a bulk job or import that the user cannot reach (reported per record, not thrown). */
  NOT_IN_ALLOCATION: { status: 404, message: 'Not found, or not in your allocation.' },
});
