import { defineErrors } from '../../platform/errors';

/** The help desk flow's own errors (teams, routing rules, SLA policies): code, status and message in one place. */
export const FLOW_ERRORS = defineErrors({
  TARGET_OUT_OF_REACH: {
    status: 400,
    message: 'The business hours and holidays do not give this many working minutes within three years.',
  },
});
