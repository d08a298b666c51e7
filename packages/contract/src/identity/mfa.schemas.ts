import { z } from 'zod';
import { isoDateTime, uuid } from '../common/fields';
import { ERROR_MESSAGES, tooLong } from '../common/errors';
import { knoxLoginResponseSchema, sessionStatusSchema } from './identity.schemas';

/** Account security (spec platform §14.5): second factors, two-step sign-in, step-up, sessions. */

export const MFA_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

const required = { error: ERROR_MESSAGES.required };
const text = (max: number) => z.string(required).max(max, tooLong(max));

/** A six-digit TOTP code (spaces allowed, as authenticator apps show "123 456"). */
export const totpCodeSchema = text(20);

export const passkeySchema = z.object({
  id: uuid(),
  name: z.string(),
  created_at: isoDateTime(),
  last_used_at: isoDateTime().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const mfaStatusSchema = z.object({
  /** Whether a confirmed TOTP authenticator is set up. */
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recovery_codes_left: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export const totpConfirmSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export const totpDeleteSchema = z
  .object({ code: totpCodeSchema.optional(), password: text(128).optional() })
  .refine((v) => v.code !== undefined || v.password !== undefined, { message: 'Give a code or your password.', path: ['non_field_errors'] });

/**
 * A WebAuthn response as the browser's `startRegistration`/`startAuthentication` answer it
 * (`@simplewebauthn/browser`): checked by the server's WebAuthn library, never stored as given.
 */
export const webauthnResponseSchema = z.object({
  id: text(1400),
  rawId: text(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: text(10_000),
    attestationObject: text(20_000).optional(),
    authenticatorData: text(10_000).optional(),
    signature: text(2000).optional(),
    userHandle: z.string().max(1000).nullish(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKey: z.string().max(5000).optional(),
    publicKeyAlgorithm: z.number().optional(),
  }),
  clientExtensionResults: z.object({}).loose().optional().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});
export type WebauthnResponse = z.infer<typeof webauthnResponseSchema>;

export const passkeyRegisterSchema = z.object({ name: text(100).min(1, ERROR_MESSAGES.blank), response: webauthnResponseSchema });
/** WebAuthn creation or request options (the W3C JSON form), handed to the browser as they are. */
export const webauthnOptionsSchema = z.object({ challenge: z.string() }).loose();

export const mfaRequiredSchema = z.object({
  mfa_required: z.literal(true),
  /** Lives 5 minutes; `POST identity/auth/mfa/` with it and a second factor finishes the sign-in. */
  mfa_token: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaRequired = z.infer<typeof mfaRequiredSchema>;

export const knoxLoginAnswerSchema = z.union([knoxLoginResponseSchema, mfaRequiredSchema]);
export const sessionLoginAnswerSchema = z.union([sessionStatusSchema, mfaRequiredSchema]);

/** One second factor: a TOTP code, a recovery code or a passkey assertion. */
const factorFields = {
  code: totpCodeSchema.optional(),
  recovery_code: text(40).optional(),
  passkey: webauthnResponseSchema.optional(),
};
const oneFactor = (v: { code?: unknown; recovery_code?: unknown; passkey?: unknown; password?: unknown }) =>
  [v.code, v.recovery_code, v.passkey, v.password].filter((x) => x !== undefined).length === 1;

export const mfaLoginSchema = z
  .object({ mfa_token: text(200), ...factorFields })
  .refine(oneFactor, { message: 'Give one of code, recovery_code or passkey.', path: ['non_field_errors'] });
export const mfaLoginAnswerSchema = z.union([knoxLoginResponseSchema, sessionStatusSchema]);
export const mfaTokenSchema = z.object({ mfa_token: text(200) });

export const stepUpSchema = z
  .object({ password: text(128).optional(), code: totpCodeSchema.optional(), passkey: webauthnResponseSchema.optional() })
  .refine(oneFactor, { message: 'Give one of password, code or passkey.', path: ['non_field_errors'] });
export const stepUpAnswerSchema = z.object({ detail: z.string(), verified_until: isoDateTime() });

/** The body of the 403 a sensitive action answers without a recent check. */
export const STEP_UP_REQUIRED = { detail: 'Confirm it is you.', code: 'step_up_required' } as const;
/** The body of the 403 a user of an MFA_REQUIRED_USER_TYPES type answers until a factor is set up. */
export const MFA_SETUP_REQUIRED = { detail: 'Set up a second factor to continue.', code: 'mfa_setup_required' } as const;

export const CREDENTIAL_KINDS = ['session', 'token'] as const;
export const signInSessionSchema = z.object({
  id: uuid(),
  kind: z.enum(CREDENTIAL_KINDS),
  created_at: isoDateTime(),
  last_seen_at: isoDateTime().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session or token this request came with. */
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof signInSessionSchema>;

/** `DELETE identity/sessions/`: how many other sessions and tokens were ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
/** An administrator's reset of a user's second factor: what was removed. */
export const mfaResetAnswerSchema = z.object({ totp: z.boolean(), passkeys: z.number().int(), recovery_codes: z.number().int() });
