import { mfaEndpoints } from '../../api/endpoint-routes';
import { callEndpoint } from '../../api/http-client';
import type { WebauthnResponse } from '@ops/contract/identity/mfa.schemas';

/** One proof for `identity/auth/step-up/`: the password, a TOTP code, or a passkey assertion. */
export type StepUpProof = { password: string } | { code: string } | { passkey: WebauthnResponse };

/** Confirms it is the user (spec platform §14.5); rejects with the server's 400 for a wrong proof. */
export async function sendStepUp(proof: StepUpProof): Promise<void> {
  await callEndpoint(mfaEndpoints.stepUp, { body: proof });
}

/** A passkey assertion for a step-up: the server's request options, then the browser's prompt (library loaded now). */
export async function stepUpPasskey(): Promise<WebauthnResponse> {
  const [options, { startAuthentication }] = await Promise.all([callEndpoint(mfaEndpoints.stepUpPasskeyOptions), import('@simplewebauthn/browser')]);
  const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return response as unknown as WebauthnResponse;
}

/** A passkey's attestation for a new registration (the options come from `passkeyOptions`). */
export async function createPasskey(): Promise<WebauthnResponse> {
  const [options, { startRegistration }] = await Promise.all([callEndpoint(mfaEndpoints.passkeyOptions), import('@simplewebauthn/browser')]);
  const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return response as unknown as WebauthnResponse;
}
