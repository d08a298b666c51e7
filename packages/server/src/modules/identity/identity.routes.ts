import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import path from 'node:path';
import { identityEndpoints as ep } from '@ops/contract/identity/identity.endpoints';
import { PROFILE_PICTURE_MAX_BYTES, profileUpdateSchema } from '@ops/contract/identity/identity.schemas';
import { notFound } from '../../platform/errors';
import { route, type RequestAuth } from '../../platform/route';
import { recordAuditEvent } from '../../platform/audit';
import { parseFormFields, receiveMultipart } from '../../platform/multipart';
import { randomToken } from '../../platform/passwords';
import { uuidv7 } from '../../db/ids';
import { CONTENT_TYPES, EXTENSIONS, type DetectedType } from '../../platform/file-types';
import type { FileStorage } from '../../platform/storage';
import { listRequestOf } from '../../list-query/list-request';
import { CSRF_COOKIE, csrfFailure, SESSION_COOKIE } from './auth.plugin';
import type { IdentityService } from './identity.service';
import type { ClientAddress } from './identity-sign-in';
import type { IdentityListsService } from './identity-lists.service';
import { ERROR_MESSAGES } from '@ops/contract/common/errors';

export interface IdentityRoutesOptions {
  identity: IdentityService;
  lists: IdentityListsService;
  storage: FileStorage;
  tempDir: string;
  secureCookies: boolean;
}

/** The caller's address (the proxy's client address when TRUST_PROXY) and user agent. */
export function clientOf(request: FastifyRequest): ClientAddress {
  const agent = request.headers['user-agent'];
  return { address: request.ip, userAgent: typeof agent === 'string' ? agent : null };
}

export async function identityRoutes(app: FastifyInstance, options: IdentityRoutesOptions) {
  const { identity, lists, storage } = options;
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: options.secureCookies };

  const issueCsrfCookie = (reply: FastifyReply, existing?: string) => {
    const token = existing && /^[a-f0-9]{64}$/.test(existing) ? existing : randomToken(32);
    reply.setCookie(CSRF_COOKIE, token, { ...cookieBase, httpOnly: false, maxAge: 365 * 24 * 3600 });
    return token;
  };

  route(app, ep.csrfToken, ({ request, reply }) => ({ csrftoken: issueCsrfCookie(reply, request.cookies[CSRF_COOKIE]) }));

  route(app, ep.knoxLogin, ({ body, request }) => identity.tokenLogin(body.email, body.password, clientOf(request)));

  // Every sign-out is an audit trail entry (platform.md 14.6).
  const auditLogout = (auth: RequestAuth, request: FastifyRequest, scope: 'one' | 'all') =>
    recordAuditEvent(app.database.db, { action: 'logout', userId: auth.user.id, model: 'user', recordId: auth.user.id, changes: { via: auth.via, scope }, ip: request.ip });

  route(app, ep.knoxLogout, async ({ auth, request }) => {
    if (auth.via === 'token') await identity.logoutToken(auth.credentialDigest);
    else await identity.logoutSession(auth.credentialDigest);
    await auditLogout(auth, request, 'one');
  });

  route(app, ep.knoxLogoutAll, async ({ auth, request }) => {
    await identity.logoutAllTokens(auth.user.id);
    await auditLogout(auth, request, 'all');
  });

  route(app, ep.sessionLogin, async ({ request, reply, body }) => {
    const failure = csrfFailure(request);
    if (failure) throw failure;
    const signedIn = await identity.sessionLogin(body.email, body.password, clientOf(request));
    // A second factor to give first: no cookie yet (identity/auth/mfa/ sets it).
    if ('mfa' in signedIn) return signedIn.mfa;
    const { sessionKey, expiry } = signedIn;
    reply.setCookie(SESSION_COOKIE, sessionKey, { ...cookieBase, httpOnly: true, expires: expiry });
    // A new CSRF token at sign-in, so a token planted before sign-in is worthless after it.
    issueCsrfCookie(reply);
    return { detail: 'Successfully logged in.', session_expiry: expiry.toISOString() };
  });

  route(app, ep.sessionLogout, async ({ auth, reply, request }) => {
    if (auth?.via === 'session') await identity.logoutSession(auth.credentialDigest);
    if (auth?.via === 'token') await identity.logoutToken(auth.credentialDigest);
    if (auth) await auditLogout(auth, request, 'one');
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { detail: 'Successfully logged out.' };
  });

  route(app, ep.sessionRefresh, async ({ auth, reply }) => {
    const expiry = await identity.refresh(auth.via, auth.credentialDigest);
    if (auth.via === 'session') {
      const key = reply.request.cookies[SESSION_COOKIE]!;
      reply.setCookie(SESSION_COOKIE, key, { ...cookieBase, httpOnly: true, expires: expiry });
    }
    return { detail: 'Session refreshed.', session_expiry: expiry.toISOString() };
  });

  route(app, ep.sessionStatus, ({ auth }) => ({ detail: 'Authenticated.', session_expiry: auth.expiry.toISOString() }));

  route(app, ep.permissions, async ({ auth }) => ({ permissions: identity.permissionsMap(await auth.permissionKeys()) }));

  route(app, ep.getUser, ({ user }) => identity.getUser(user.id));
  route(app, ep.patchUser, ({ user, body }) => identity.updateUserName(user.id, body));

  route(app, ep.listUsers, async ({ request, query }) => lists.users(await listRequestOf(request, query)));
  route(app, ep.listSecurityEvents, async ({ request, query }) => lists.securityEvents(await listRequestOf(request, query)));

  route(app, ep.getProfile, ({ user }) => identity.getProfile(user.id));

  route(app, ep.patchProfile, async ({ request, user }) => {
    const upload = await receiveMultipart(request, options.tempDir, (field) =>
      field === 'profile_picture'
        ? { maxBytes: PROFILE_PICTURE_MAX_BYTES, types: ['jpeg', 'png'], typeMessage: ERROR_MESSAGES.image }
        : undefined,
    );
    try {
      const values = parseFormFields(profileUpdateSchema, upload.fields);
      const picture = upload.files.find((f) => f.field === 'profile_picture');
      const previous = picture ? (await identity.getProfileRow(user.id))?.profilePicture : undefined;
      let pictureKey: string | undefined;
      if (picture) {
        pictureKey = `profile-pictures/${user.id}/${uuidv7()}.${EXTENSIONS[picture.type]}`;
        await storage.putFile(pictureKey, picture.tempPath, CONTENT_TYPES[picture.type]);
      }
      try {
        const profile = await identity.updateProfile(user.id, {
          dateOfBirth: values.date_of_birth === undefined ? undefined : values.date_of_birth || null,
          phone: values.phone,
          mobile: values.mobile,
          personalEmail: values.personal_email,
          linkedin: values.linkedin,
          ...(picture ? { profilePicture: pictureKey, profilePictureType: picture.type } : {}),
        });
        if (previous && previous !== pictureKey) await storage.delete(previous).catch(() => undefined);
        return profile;
      } catch (error) {
        if (pictureKey) await storage.delete(pictureKey).catch(() => undefined);
        throw error;
      }
    } finally {
      await upload.cleanup();
    }
  });

  route(app, ep.getProfilePicture, async ({ user, reply }) => {
    const row = await identity.getProfileRow(user.id);
    if (!row?.profilePicture) throw notFound();
    const { stream, size } = await storage.read(row.profilePicture);
    const type = (row.profilePictureType ?? 'jpeg') as DetectedType;
    return reply
      .header('Content-Type', CONTENT_TYPES[type])
      .header('Content-Length', String(size))
      .header('Content-Disposition', `inline; filename="${path.basename(row.profilePicture)}"`)
      .header('Cache-Control', 'private, max-age=300')
      .send(stream);
  });

  route(app, ep.getAppSetting, ({ user, query }) => identity.getAppSetting(user.id, query.timezone));
  route(app, ep.putAppSetting, ({ user, body }) => identity.updateAppSetting(user.id, body));
  route(app, ep.patchAppSetting, ({ user, body }) => identity.updateAppSetting(user.id, body));

  route(app, ep.listPageSettings, async ({ request, query, user }) => lists.pageSettings(user.id, await listRequestOf(request, query)));
  route(app, ep.createPageSetting, ({ user, body }) => identity.createPageSetting(user.id, body));
  route(app, ep.getPageSetting, ({ user, params }) => identity.getPageSetting(user.id, params.page_id));
  route(app, ep.putPageSetting, ({ user, params, body }) => identity.updatePageSetting(user.id, params.page_id, body));
  route(app, ep.patchPageSetting, ({ user, params, body }) => identity.updatePageSetting(user.id, params.page_id, body));
  route(app, ep.deletePageSetting, ({ user, params }) => identity.deletePageSetting(user.id, params.page_id));
}
