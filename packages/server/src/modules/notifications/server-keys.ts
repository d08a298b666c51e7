import { randomBytes } from 'node:crypto';
import webpush from 'web-push';
import type { VapidDetails } from './push-outbox';
import type { PushRepository } from './push.repository';

export interface ServerKeys {
  vapid: VapidDetails;
  /** HMAC key of the one-click unsubscribe links (unsubscribe-tokens.ts). */
  unsubscribeSecret: Buffer;
}

export interface VapidSettings {
  publicKey?: string;
  privateKey?: string;
  subject?: string;
}

/**
 * The server's keys, loaded once per process: VAPID from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY /
 * VAPID_SUBJECT when both keys are set, otherwise the pair generated on first start and kept in
 * notifications_server_key (so subscriptions survive restarts and every instance signs alike).
 */
export function createServerKeys(repository: PushRepository, settings: VapidSettings, defaultSubject: () => string) {
  let loaded: Promise<ServerKeys> | undefined;
  const load = async (): Promise<ServerKeys> => {
    const generated = webpush.generateVAPIDKeys();
    const row = await repository.ensureServerKeys({
      vapidPublicKey: generated.publicKey,
      vapidPrivateKey: generated.privateKey,
      unsubscribeSecret: randomBytes(32).toString('base64url'),
    });
    const fromSettings = settings.publicKey && settings.privateKey;
    return {
      vapid: {
        subject: settings.subject || defaultSubject(),
        publicKey: fromSettings ? settings.publicKey! : row.vapidPublicKey,
        privateKey: fromSettings ? settings.privateKey! : row.vapidPrivateKey,
      },
      unsubscribeSecret: Buffer.from(row.unsubscribeSecret, 'base64url'),
    };
  };
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
