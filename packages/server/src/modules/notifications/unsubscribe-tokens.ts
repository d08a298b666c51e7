import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@ops/contract/notifications/notifications.schemas';

/**
 * One-click unsubscribe tokens (RFC 8058): `<user id>.<kind>.<HMAC-SHA256 of both>`, signed with
 * the server's secret (server-keys.ts). A token turns e-mail off for one kind of one user and
 * nothing else; it does not sign anyone in.
 */
const signature = (secret: Buffer, userId: string, kind: string) =>
  createHmac('sha256', secret).update(`unsubscribe\0${userId}\0${kind}`).digest();

export function unsubscribeToken(secret: Buffer, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind).toString('base64url')}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The user and kind a token was signed for, or undefined (compared in constant time). */
export function verifyUnsubscribeToken(secret: Buffer, token: string): { userId: string; kind: NotificationKind } | undefined {
  const [userId, kind, given, ...rest] = token.split('.');
  if (rest.length || !userId || !kind || !given || !UUID.test(userId)) return undefined;
  const known = NOTIFICATION_KINDS.find((k) => k === kind);
  if (!known) return undefined;
  const expected = signature(secret, userId, known);
  const actual = Buffer.from(given, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  return { userId, kind: known };
}
