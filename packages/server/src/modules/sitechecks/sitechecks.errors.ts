import { defineErrors } from '../../platform/errors';

/** The site checks' own errors: code, status and message in one place. */
export const SITECHECKS_ERRORS = defineErrors({
  TEMPLATE_IN_USE: {
    status: 409,
    message: (schedules: number, runs: number) => `This template is used by ${schedules} schedule(s) and ${runs} run(s); deactivate it instead.`,
  },
  BAD_RULE: { status: 400, message: (problem: string) => problem },
  UNKNOWN_TIME_ZONE: { status: 400, message: 'Unknown time zone.' },
  RUN_CLOSED: { status: 400, message: (status: string) => `This run is ${status} and can no longer be changed.` },
  NOT_A_STEP: { status: 400, message: (key: string) => `"${key}" is not a step of this run's template.` },
  BAD_VALUE: { status: 400, message: (problem: string) => problem },
  FILE_NOT_TAKEN: { status: 400, message: 'Only PHOTO and SIGNATURE steps take a file.' },
  STEP_REQUIRED: { status: 400, message: (label: string, key: string) => `The step "${label}" (${key}) is required.` },
  END_BEFORE_START: { status: 400, message: 'End date must not be before the start date.' },
  PERIOD_TOO_LONG: { status: 400, message: (days: number) => `A report covers at most ${days} days.` },
});
