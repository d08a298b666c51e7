import { z } from 'zod';
import { endpoint } from '../common/endpoint';
import { ERROR_MESSAGES } from '../common/errors';
import {
  knoxLoginAnswerSchema,
  mfaLoginAnswerSchema,
  mfaLoginSchema,
  mfaResetAnswerSchema,
  mfaStatusSchema,
  mfaTokenSchema,
  passkeyRegisterSchema,
  passkeySchema,
  recoveryCodesSchema,
  sessionsEndedSchema,
  sessionLoginAnswerSchema,
  signInSessionSchema,
  stepUpAnswerSchema,
  stepUpSchema,
  totpConfirmSchema,
  totpDeleteSchema,
  totpSetupSchema,
  webauthnOptionsSchema,
} from './mfa.schemas';

export * from './mfa.schemas';

const tags = ['identity'];
const authed = { kind: 'authenticated' } as const;
const idParams = z.object({ id: z.uuid({ error: ERROR_MESSAGES.uuid }) });

/**
 * Account security (spec platform §14.5). Every route acts on the caller's own account. Those marked
 * `stepUp` answer 403 `{"detail": "Confirm it is you.", "code": "step_up_required"}` without a
 * password or second-factor check within STEP_UP_SECONDS.
 */
export const mfaEndpoints = {
  status: endpoint({ method: 'GET', path: '/api/identity/mfa/', summary: "The caller's second factors", tags, access: authed, responses: { 200: mfaStatusSchema } }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/api/identity/mfa/totp/setup/',
    summary: 'Start setting up a TOTP authenticator (replaces an unconfirmed one); needs step-up',
    tags,
    access: authed,
    stepUp: true,
    errors: [400, 403],
    responses: { 200: totpSetupSchema },
  }),
  totpConfirm: endpoint({
    method: 'POST',
    path: '/api/identity/mfa/totp/confirm/',
    summary: 'Confirm the TOTP authenticator with a code; answers ten single-use recovery codes (shown once)',
    tags,
    access: authed,
    body: totpConfirmSchema,
    errors: [403],
    responses: { 200: recoveryCodesSchema },
  }),
  totpDelete: endpoint({
    method: 'DELETE',
    path: '/api/identity/mfa/totp/',
    summary: 'Remove the TOTP authenticator (with a current code or the password)',
    tags,
    access: authed,
    body: totpDeleteSchema,
    errors: [404],
    responses: { 204: null },
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/api/identity/mfa/passkeys/options/',
    summary: 'WebAuthn creation options for a new passkey (its challenge lives 5 minutes); needs step-up',
    tags,
    access: authed,
    stepUp: true,
    errors: [403],
    responses: { 200: webauthnOptionsSchema },
  }),
  passkeyRegister: endpoint({
    method: 'POST',
    path: '/api/identity/mfa/passkeys/',
    summary: 'Register a passkey from its attestation, with a name; needs step-up',
    tags,
    access: authed,
    stepUp: true,
    body: passkeyRegisterSchema,
    errors: [403],
    responses: { 201: passkeySchema },
  }),
  passkeyDelete: endpoint({
    method: 'DELETE',
    path: '/api/identity/mfa/passkeys/{id}/',
    summary: 'Remove a passkey; needs step-up',
    tags,
    access: authed,
    stepUp: true,
    params: idParams,
    errors: [403],
    responses: { 204: null },
  }),
  mfaLogin: endpoint({
    method: 'POST',
    path: '/api/identity/auth/mfa/',
    summary: 'Finish a two-step sign-in: the mfa_token and one second factor; answers what the password sign-in would have (knox token, or the session cookie)',
    tags,
    access: { kind: 'public' },
    body: mfaLoginSchema,
    errors: [403, 429],
    responses: { 200: mfaLoginAnswerSchema },
  }),
  mfaPasskeyOptions: endpoint({
    method: 'POST',
    path: '/api/identity/auth/mfa/passkey-options/',
    summary: "WebAuthn request options for a two-step sign-in's passkey",
    tags,
    access: { kind: 'public' },
    body: mfaTokenSchema,
    responses: { 200: webauthnOptionsSchema },
  }),
  stepUp: endpoint({
    method: 'POST',
    path: '/api/identity/auth/step-up/',
    summary: 'Confirm it is you (password, TOTP code or passkey) for the sensitive actions of the next STEP_UP_SECONDS',
    tags,
    access: authed,
    body: stepUpSchema,
    errors: [429],
    responses: { 200: stepUpAnswerSchema },
  }),
  stepUpPasskeyOptions: endpoint({
    method: 'POST',
    path: '/api/identity/auth/step-up/passkey-options/',
    summary: "WebAuthn request options for a step-up with one of the caller's passkeys",
    tags,
    access: authed,
    errors: [404],
    responses: { 200: webauthnOptionsSchema },
  }),
  listSessions: endpoint({
    method: 'GET',
    path: '/api/identity/sessions/',
    summary: "The caller's sessions and API tokens: when, where from, last use, and which is this one",
    tags,
    access: authed,
    responses: { 200: z.array(signInSessionSchema) },
  }),
  deleteOtherSessions: endpoint({
    method: 'DELETE',
    path: '/api/identity/sessions/',
    // `identity_sessions_destroy` names ending one session (`/{id}/`).
    operationId: 'identity_sessions_destroy_others',
    summary: "Sign out everywhere else: end every session and token of the caller but the one of this request, at once, on every instance",
    tags,
    access: authed,
    responses: { 200: sessionsEndedSchema },
  }),
  resetUserMfa: endpoint({
    method: 'POST',
    path: '/api/identity/users/{id}/mfa/reset/',
    summary: "Reset a user's second factor (authenticator app, passkeys, recovery codes), for a user who lost them; needs step-up; audited",
    tags,
    access: { kind: 'permission', model: 'user', action: 'change' },
    stepUp: true,
    params: idParams,
    errors: [403],
    responses: { 200: mfaResetAnswerSchema },
  }),
  deleteSession: endpoint({
    method: 'DELETE',
    path: '/api/identity/sessions/{id}/',
    summary: 'End one of the caller\'s sessions or tokens at once, on every instance',
    tags,
    access: authed,
    params: idParams,
    responses: { 204: null },
  }),
};

/** The login answers with the two-step variant (the identity endpoints' knox and session sign-in). */
export { knoxLoginAnswerSchema, sessionLoginAnswerSchema };
