import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** How a sealed secret starts; anything else is a secret stored before MFA_SECRET_KEY was set. */
const SEALED = 'v1.';

/**
 * TOTP secrets at rest (issue 35): sealed with AES-256-GCM under MFA_SECRET_KEY, bound to their
 * user (the additional data), so a database copy or backup alone does not give the codes away and
 * a sealed secret moved to another user's row does not open. Without a key secrets are stored as
 * they are (and still read); with one, the plain ones left are sealed at start-up.
 */
export interface TotpSecretBox {
  /** Whether secrets are sealed (MFA_SECRET_KEY set). */
  readonly keyed: boolean;
  seal(userId: string, secret: string): string;
  /** The secret, or undefined when it is sealed and cannot be opened (no key, another key, another user, tampered). */
  open(userId: string, stored: string): string | undefined;
  isSealed(stored: string): boolean;
}

const additionalData = (userId: string) => Buffer.from(`identity_mfa_totp\0${userId}`, 'utf8');

export function createTotpSecretBox(key?: Buffer): TotpSecretBox {
  if (key && key.length !== 32) throw new Error('MFA_SECRET_KEY must be 32 bytes (base64 or hex).');
  return {
    keyed: Boolean(key),
    isSealed: (stored) => stored.startsWith(SEALED),
    seal(userId, secret) {
      if (!key) return secret;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(additionalData(userId));
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `${SEALED}${iv.toString('base64url')}.${sealed.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    open(userId, stored) {
      if (!stored.startsWith(SEALED)) return stored;
      if (!key) return undefined;
      const [iv, sealed, tag, extra] = stored.slice(SEALED.length).split('.');
      if (!iv || !sealed || !tag || extra !== undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(additionalData(userId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
