import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIdentityRepository } from '../identity/index';
import { attachmentFileRule } from '../helpdesk/index';
import type { InboundMailServer } from './inbound-mail-server';

/**
 * Inbound e-mail (spec platform §13.1), off unless INBOUND_SMTP_PORT is set: the SMTP
 * listener starts when the app is ready and stops, letting messages in flight
 * finish, when it closes.
 */
export const mailInPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.inboundSmtp;
    if (!settings) {
      app.decorate('inboundMail', undefined);
      return;
    }
    const { db } = app.database;
    const users = createIdentityRepository(db);
    // The SMTP listener and the MIME parser (~10 MB of heap with their modules) load only when configured.
    const { createInboundMailServer } = await import('./inbound-mail-server');
    const server = createInboundMailServer({
      config: settings,
      db,
      helpdesk: app.helpdesk,
      async activeUserByEmail(email) {
        const row = await users.findUserByEmail(email);
        if (!row?.isActive) return undefined;
        const { id, email: address, firstName, lastName, isSuperuser, isActive, userType } = row;
        return { id, email: address, firstName, lastName, isSuperuser, isActive, userType };
      },
      async isTicketStaff(user) {
        const keys = await app.identity.permissionKeys(user);
        return keys.has('*') || keys.has('ticket.add');
      },
      attachmentRule: attachmentFileRule(app.config.maxUploadBytes),
      tempDir: app.config.tempDir,
      log: app.log,
    });
    let port: number | undefined;
    app.decorate('inboundMail', { port: () => port });
    app.addHook('onReady', async () => {
      port = await server.listen();
      app.log.info({ port, host: settings.host }, 'inbound mail listening');
    });
    app.addHook('onClose', async () => {
      if (port !== undefined) await server.close();
    });
  },
  { name: 'mail-in', dependencies: ['identity', 'helpdesk'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbound mail listener when INBOUND_SMTP_PORT is set: its bound port once ready. */
    inboundMail: { port(): number | undefined } | undefined;
  }
}

export type { InboundMailServer };
