import type { FastifyInstance } from 'fastify';
import { mfaEndpoints as ep } from '@ops/contract/identity/mfa.endpoints';
import { route } from '../../platform/route';
import { randomToken } from '../../platform/passwords';
import { CSRF_COOKIE, csrfFailure, SESSION_COOKIE } from './auth.plugin';
import type { IdentityService } from './identity.service';
import { clientOf } from './identity.routes';

/** Account security (spec platform §14.5): second factors, the sign-in's second step, step-up, sessions. */
export async function mfaRoutes(app: FastifyInstance, options: { identity: IdentityService; secureCookies: boolean }) {
  const { identity } = options;
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: options.secureCookies };

  route(app, ep.status, ({ user }) => identity.mfaStatus(user.id));
  route(app, ep.totpSetup, ({ user }) => identity.startTotp(user.id));
  route(app, ep.totpConfirm, ({ user, body, request }) => identity.confirmTotp(user.id, body.code, clientOf(request)));
  route(app, ep.totpDelete, ({ user, body, request }) => identity.deleteTotp(user.id, body, clientOf(request)));
  route(app, ep.passkeyOptions, ({ user }) => identity.passkeyRegistrationOptions(user.id));
  route(app, ep.passkeyRegister, ({ user, body, request }) => identity.registerPasskey(user.id, body, clientOf(request)));
  route(app, ep.passkeyDelete, ({ user, params, request }) => identity.deletePasskey(user.id, params.id, clientOf(request)));

  route(app, ep.mfaLogin, async ({ body, request, reply }) => {
    const done = await identity.completeMfaLogin(body.mfa_token, body, clientOf(request), () => {
      // A session sign-in's second step carries the CSRF token, as its first step did.
      const failure = csrfFailure(request);
      if (failure) throw failure;
    });
    if (done.via === 'token') return done.answer;
    reply.setCookie(SESSION_COOKIE, done.sessionKey, { ...cookieBase, httpOnly: true, expires: done.expiry });
    reply.setCookie(CSRF_COOKIE, randomToken(32), { ...cookieBase, httpOnly: false, maxAge: 365 * 24 * 3600 });
    return { detail: 'Successfully logged in.', session_expiry: done.expiry.toISOString() };
  });
  route(app, ep.mfaPasskeyOptions, ({ body }) => identity.mfaPasskeyOptions(body.mfa_token));

  route(app, ep.stepUp, ({ user, auth, body, request }) => identity.stepUp(user.id, auth, body, clientOf(request)));
  route(app, ep.stepUpPasskeyOptions, ({ user }) => identity.stepUpPasskeyOptions(user.id));

  route(app, ep.listSessions, ({ user, auth }) => identity.listSignIns(user.id, auth));
  route(app, ep.deleteOtherSessions, ({ user, auth, request }) => identity.endOtherSignIns(user.id, auth, clientOf(request)));
  route(app, ep.resetUserMfa, ({ user, params, request }) => identity.resetMfa(user.id, params.id, clientOf(request)));
  route(app, ep.deleteSession, ({ user, params, request }) => identity.endSignIn(user.id, params.id, clientOf(request)));
}
