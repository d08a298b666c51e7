import type { FastifyRequest } from 'fastify';
import { STEP_UP_REQUIRED } from '@ops/contract/identity/mfa.schemas';
import { forbiddenWithCode, notAuthenticated } from '../../platform/errors';

/** The 403 a sensitive action answers without a recent check (spec platform §14.5). */
export const stepUpRequired = () => forbiddenWithCode(STEP_UP_REQUIRED);

/**
 * The one step-up guard: passes when the request's session or token checked its user (sign-in,
 * or `POST identity/auth/step-up/`) within STEP_UP_SECONDS, else throws the 403
 * `{"detail": "Confirm it is you.", "code": "step_up_required"}`.
 *
 * An endpoint needing it for every call says `stepUp: true` in the contract (the route helper
 * calls this guard after the access check). A handler needing it only sometimes (a list's
 * CSV/XLSX export of payroll data) calls `await requireStepUp(request)` itself. One statement,
 * always on the primary: a cached credential never answers for it.
 */
export async function requireStepUp(request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (!auth) throw notAuthenticated();
  if (!(await request.server.identity.recentlyVerified(auth))) throw stepUpRequired();
}
