import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../platform/db';
import { createReplyTokensRepository } from './reply-tokens.repository';

/** 128 random bits as 32 lowercase hex digits: what follows the `+` of a reply address. */
const TOKEN = /^[0-9a-f]{32}$/;

/** `support+<token>@domain` for SUPPORT_ADDRESS `support@domain`. */
export function replyAddressOf(supportAddress: string, token: string): string {
  const at = supportAddress.lastIndexOf('@');
  return `${supportAddress.slice(0, at)}+${token}${supportAddress.slice(at)}`;
}

/**
 * What a recipient address means: the support address itself (a new ticket), a reply address with
 * a well-formed token, or nothing of ours. Comparison ignores case (mail systems change it).
 */
export function parseRecipient(
  supportAddress: string,
  address: string,
): { kind: 'support' } | { kind: 'reply'; token: string } | undefined {
  const lower = address.trim().toLowerCase();
  const support = supportAddress.toLowerCase();
  if (lower === support) return { kind: 'support' };
  const at = support.lastIndexOf('@');
  const local = support.slice(0, at);
  const domain = support.slice(at);
  if (!lower.startsWith(`${local}+`) || !lower.endsWith(domain)) return undefined;
  const token = lower.slice(local.length + 1, lower.length - domain.length);
  return TOKEN.test(token) ? { kind: 'reply', token } : undefined;
}

/**
 * The reply addresses of `ticketIds`, making a token for each ticket that has none yet (two
 * statements whatever the number of tickets; tickets that do not exist get none).
 */
export async function ensureReplyAddresses(
  db: DbOrTx,
  supportAddress: string,
  ticketIds: string[],
): Promise<Map<string, string>> {
  if (!ticketIds.length) return new Map();
  const tokens = createReplyTokensRepository(db);
  await tokens.insertMissingTokens(ticketIds.map((ticketId) => ({ ticketId, token: randomBytes(16).toString('hex') })));
  const rows = await tokens.tokensOf(ticketIds);
  return new Map(rows.map((row) => [row.ticketId, replyAddressOf(supportAddress, row.token)]));
}

/** The ticket a reply token belongs to, if any (a malformed token asks nothing). */
export async function ticketIdForToken(db: DbOrTx, token: string): Promise<string | undefined> {
  if (!TOKEN.test(token)) return undefined;
  return createReplyTokensRepository(db).ticketIdOf(token);
}
