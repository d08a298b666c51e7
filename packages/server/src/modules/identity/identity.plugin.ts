import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerConstraintMessage } from '../../platform/errors';
import { authPlugin } from './auth.plugin';
import { createIdentityRepository } from './identity.repository';
import { createIdentityService } from './identity.service';
import { createMfaRepository } from './mfa.repository';
import { identityRoutes } from './identity.routes';
import { oidcRoutes } from './oidc.routes';
import { createIdentityListsService } from './identity-lists.service';
import { permissionHolders, type PermissionHolders } from './permission-holders';
import { createCredentialCache, type CredentialCache } from './credential-cache';
import { listenForRevocations } from './revocation-listener';
import { createLastSeenWriter, type LastSeenWriter } from './last-seen';
import { mfaRoutes } from './mfa.routes';
import { IDENTITY_ERRORS } from './identity.errors';
import { createTotpSecretBox } from './totp-secrets';

registerConstraintMessage(
  'identity_page_setting_user_page_layout_uq',
  'page',
  'A setting for this page and layout already exists.',
);
registerConstraintMessage('auth_user_email_lower_uq', 'email', IDENTITY_ERRORS.message('EMAIL_TAKEN'));

/** Sign-in, sessions, permissions, profile, settings. Also provides the authenticator every route uses. */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app.database;
    // Token and session lookups cached in process; revocations reach every instance through the database.
    const credentialCache = createCredentialCache({ ttlMs: app.config.authCacheTtlMs });
    if (app.config.authCacheTtlMs > 0) {
      const revocations = listenForRevocations(app.database, credentialCache, app.log);
      app.decorate('credentialRevocations', revocations.ready);
      app.addHook('onClose', () => revocations.close());
    } else {
      app.decorate('credentialRevocations', Promise.resolve());
    }
    app.decorate('credentialCache', credentialCache);
    app.addHook('onClose', async () => credentialCache.dispose());
    const totpSecrets = createTotpSecretBox(app.config.mfaSecretKey);
    const identity = createIdentityService({
      credentialCache,
      repository: createIdentityRepository(db),
      transaction: (work) => db.transaction((tx) => work(createIdentityRepository(tx))),
      mfa: createMfaRepository(db),
      mfaTransaction: (work) => db.transaction((tx) => work(createMfaRepository(tx), createIdentityRepository(tx))),
      stepUpSeconds: app.config.stepUpSeconds,
      webauthn: app.config.webauthn,
      totpSecrets,
      tokenTtlSeconds: app.config.tokenTtlSeconds,
      sessionTtlSeconds: app.config.sessionTtlSeconds,
      sessionAbsoluteTtlSeconds: app.config.sessionAbsoluteTtlSeconds,
      loginFailureLimit: app.config.loginFailureLimit,
      loginFailureAddressLimit: app.config.loginFailureAddressLimit,
      loginFailureWindowSeconds: app.config.loginFailureWindowSeconds,
    });
    app.decorate('identity', identity);
    // Secrets stored before MFA_SECRET_KEY was set are sealed now (each once, whichever instance starts first).
    app.addHook('onReady', async () => {
      const { sealed, unreadable } = await identity.sealTotpSecrets();
      if (sealed) app.log.info({ sealed }, 'TOTP secrets sealed with MFA_SECRET_KEY');
      if (unreadable) app.log.error({ unreadable }, 'TOTP secrets are sealed but MFA_SECRET_KEY is unset or another key: those authenticator codes are refused');
    });
    app.decorate('permissionHolders', permissionHolders);
    const lastSeen = createLastSeenWriter(createMfaRepository(db), { log: app.log });
    app.decorate('lastSeen', lastSeen);
    app.addHook('onClose', () => lastSeen.close());
    await app.register(authPlugin, { identity, mfaRequiredUserTypes: app.config.mfaRequiredUserTypes, lastSeen });
    await app.register(identityRoutes, {
      identity,
      lists: createIdentityListsService({ db, identity }),
      storage: app.storage,
      tempDir: app.config.tempDir,
      secureCookies: app.config.secureCookies,
    });
    await app.register(mfaRoutes, { identity, secureCookies: app.config.secureCookies });
    await app.register(oidcRoutes, { identity, oidc: app.config.oidc, secureCookies: app.config.secureCookies });
  },
  { name: 'identity' },
);

declare module 'fastify' {
  interface FastifyInstance {
    identity: ReturnType<typeof createIdentityService>;
    /** Who holds a permission (read by the help desk to notify ticket staff). */
    permissionHolders: PermissionHolders;
    /** Token and session lookups kept in process (credential-cache.ts). */
    credentialCache: CredentialCache;
    /** Resolves when this instance listens for revocations (the cache serves nothing before). */
    credentialRevocations: Promise<void>;
    /** Notes each credential's last use and writes the notes in batches (last-seen.ts). */
    lastSeen: LastSeenWriter;
  }
}
