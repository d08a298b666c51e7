import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerConstraintMessage } from '../../platform/errors';
import { authPlugin } from './auth.plugin';
import { createIdentityRepository } from './identity.repository';
import { createIdentityService } from './identity.service';
import { identityRoutes } from './identity.routes';
import { oidcRoutes } from './oidc.routes';
import { createIdentityListsService } from './identity-lists.service';
import { permissionHolders, type PermissionHolders } from './permission-holders';

registerConstraintMessage(
  'identity_page_setting_user_page_layout_uq',
  'page',
  'A setting for this page and layout already exists.',
);
registerConstraintMessage('auth_user_email_lower_uq', 'email', 'A user with this email already exists.');

/** Sign-in, sessions, permissions, profile, settings. Also provides the authenticator every route uses. */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    const identity = createIdentityService({
      repository: createIdentityRepository(db),
      transaction: (work) => db.transaction((tx) => work(createIdentityRepository(tx))),
      tokenTtlSeconds: app.config.tokenTtlSeconds,
      sessionTtlSeconds: app.config.sessionTtlSeconds,
      sessionAbsoluteTtlSeconds: app.config.sessionAbsoluteTtlSeconds,
      loginFailureLimit: app.config.loginFailureLimit,
      loginFailureAddressLimit: app.config.loginFailureAddressLimit,
      loginFailureWindowSeconds: app.config.loginFailureWindowSeconds,
    });
    app.decorate('identity', identity);
    app.decorate('permissionHolders', permissionHolders);
    await app.register(authPlugin, { identity });
    await app.register(identityRoutes, {
      identity,
      lists: createIdentityListsService({ db, identity }),
      storage: app.storage,
      tempDir: app.config.tempDir,
      secureCookies: app.config.secureCookies,
    });
    await app.register(oidcRoutes, { identity, oidc: app.config.oidc, secureCookies: app.config.secureCookies });
  },
  { name: 'identity' },
);

declare module 'fastify' {
  interface FastifyInstance {
    identity: ReturnType<typeof createIdentityService>;
    /** Who holds a permission (read by the help desk to notify ticket staff). */
    permissionHolders: PermissionHolders;
  }
}
