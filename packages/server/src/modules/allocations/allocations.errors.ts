import { defineErrors } from '../../platform/errors';

/** The allocations module's own errors: code, status and message in one place. */
export const ALLOCATIONS_ERRORS = defineErrors({
  EXACTLY_ONE_TARGET: { status: 400, message: 'Give exactly one of legal_entity, client and cost_centre.' },
  ALREADY_ALLOCATED: { status: 400, message: 'The user is already allocated to this record.' },
});
